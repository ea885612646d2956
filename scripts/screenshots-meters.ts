// Screenshots of the meter, keys / mail and maintenance screens in Hebrew and English at 390×844:
// `npx tsx scripts/screenshots-meters.ts` (run serialized with the browser tests: it uses dist/).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAppServer } from '../tests/e2e/fixtures/appServer';
import { launchBrowser } from '../tests/e2e/fixtures/browser';
import { ItemsPage } from '../tests/e2e/pages/ItemsPage';
import { LoginPage } from '../tests/e2e/pages/LoginPage';
import { MaintenancePage } from '../tests/e2e/pages/MaintenancePage';
import { MetersPage } from '../tests/e2e/pages/MetersPage';
import { ReadingsPage } from '../tests/e2e/pages/ReadingsPage';
import { buildAll } from './build';
import { buildInputs, buildStampPath, root } from './paths';
import { isBuildStale } from './staleness';

const BUILDING = 101;

async function counterPhoto(page: Page) {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(1280, 960);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#1e293b';
    g.fillRect(0, 0, 1280, 960);
    g.fillStyle = '#f8fafc';
    g.fillRect(240, 340, 800, 280);
    g.fillStyle = '#0f172a';
    g.font = 'bold 180px monospace';
    g.fillText('08412', 330, 550);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  });
  return { name: 'counter.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

if (isBuildStale(buildStampPath, buildInputs)) await buildAll();
const outDir = path.join(root, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });

const server = await startAppServer();
try {
  for (const lang of ['he', 'en'] as const) {
    const browser = await launchBrowser({ locale: lang === 'he' ? 'he-IL' : 'en-GB' });
    const { page } = browser;
    const shot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready);
      const file = `${name}-${lang}.png`;
      await page.screenshot({ path: path.join(outDir, file) });
      console.log(`docs/screenshots/${file}`);
    };
    try {
      const login = new LoginPage(page, server.baseUrl);
      await login.goto('/login');
      await login.waitForForm();
      if (lang === 'en') {
        await page.getByRole('radio', { name: 'English' }).check();
        login.lang = 'en';
        await login.waitForForm();
      }
      await login.signIn({ companyCode: '1001', userName: 'avi', password: 'demo1234' }, (since) => server.waitForOtp('avi', { since }), () => server.otpMark());
      const meters = new MetersPage(page, server.baseUrl);
      const readings = new ReadingsPage(page, server.baseUrl);
      const keys = new ItemsPage(page, server.baseUrl, 'keys');
      const mail = new ItemsPage(page, server.baseUrl, 'mailItems');
      const maintenance = new MaintenancePage(page, server.baseUrl);
      for (const p of [meters, readings, keys, mail, maintenance]) p.lang = lang;
      await meters.waitForRoute('dashboard');

      await meters.open(BUILDING);
      await meters.waitVisible(page.getByRole('listitem').first());
      await shot('meters-list');

      const first = (await page.getByRole('listitem').first().getByRole('heading').textContent()) ?? '';
      await meters.openReadings(first.replace(/^\D+/, '').trim() || first);
      await readings.waitVisible(readings.readings().first());
      await shot('meters-readings');
      const last = Number(((await page.getByText(readings.t('meter.last')).first().locator('strong').textContent()) ?? '0').replace(/[^\d.]/g, ''));
      await readings.startNewReading();
      await readings.takePhoto(await counterPhoto(page));
      await readings.fillCurrent(Math.round((last + 241.6) * 10) / 10);
      await shot('meters-new-reading');
      await page.keyboard.press('Escape');

      await keys.goto('/keys');
      await keys.waitForRoute('keys');
      await keys.waitVisible(page.getByRole('listitem').first());
      await shot('items-keys');

      await mail.goto('/mail-items');
      await mail.waitForRoute('mailItems');
      await mail.waitVisible(page.getByRole('listitem').first());
      await mail.tab('delivered').click();
      await mail.tab('pending').click();
      await shot('items-mail');

      await maintenance.goto('/maintenance-and-facilities');
      await maintenance.waitForRoute('maintenanceAndFacilities');
      await maintenance.waitVisible(maintenance.testsList());
      await shot('maintenance-plan');
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
