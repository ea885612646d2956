// Screenshots of the service-call screens (list, detail, add form) in Hebrew and English at 390×844:
// `npx tsx scripts/screenshots-service-calls.ts` (run serialized with the browser tests: it uses dist/).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAppServer } from '../tests/e2e/fixtures/appServer';
import { launchBrowser } from '../tests/e2e/fixtures/browser';
import { AddServiceCallPage } from '../tests/e2e/pages/AddServiceCallPage';
import { LoginPage } from '../tests/e2e/pages/LoginPage';
import { ServiceCallPage } from '../tests/e2e/pages/ServiceCallPage';
import { ServiceCallsPage } from '../tests/e2e/pages/ServiceCallsPage';
import { buildAll } from './build';
import { buildInputs, buildStampPath, root } from './paths';
import { isBuildStale } from './staleness';

const BUILDING = 101;
const texts = {
  he: { subject: 'נזילה בחניון', description: 'נזילה מהצנרת בחניון התת-קרקעי ליד עמוד 12', update: 'האינסטלטור בדרך, צפוי להגיע בעוד שעה' },
  en: { subject: 'Leak in the car park', description: 'Water dripping from the pipe in the underground car park by pillar 12', update: 'The plumber is on the way, expected within the hour' },
} as const;

async function jpeg(page: Page, name: string, color: string) {
  const base64 = await page.evaluate(async (fill) => {
    const canvas = new OffscreenCanvas(640, 480);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 640, 480);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(200, 120, 240, 240);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, color);
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
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
      const file = `service-calls-${name}-${lang}.png`;
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
      const list = new ServiceCallsPage(page, server.baseUrl);
      const detail = new ServiceCallPage(page, server.baseUrl);
      const add = new AddServiceCallPage(page, server.baseUrl);
      for (const p of [list, detail, add]) p.lang = lang;
      await list.waitForRoute('dashboard');

      await add.open(BUILDING);
      await add.fill({ domain: 'plumbing', priority: 'high', subject: texts[lang].subject, description: texts[lang].description });
      await add.attachPhotos([await jpeg(page, 'leak-1.jpg', '#0f766e'), await jpeg(page, 'leak-2.jpg', '#b45309')]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('add');
      const id = await add.submit();
      await detail.addUpdate(texts[lang].update);

      await list.open(BUILDING);
      await list.waitForRows();
      await shot('list');

      await detail.open(id);
      await detail.waitVisible(detail.badge('synced'), 30_000);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('detail');
    } finally {
      await browser.close();
    }
  }
} finally {
  await server.stop();
}
