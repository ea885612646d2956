// Screenshots of the check payment in Hebrew and English at 390×844: the index, the fill screen, the
// capture screen and the review warning. `npx tsx scripts/screenshots-checks.ts` (serialized with the
// browser tests: it uses dist/).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAppServer } from '../tests/e2e/fixtures/appServer';
import { launchBrowser } from '../tests/e2e/fixtures/browser';
import { openServerState } from '../tests/e2e/fixtures/serverState';
import { ChecksCapturePage } from '../tests/e2e/pages/ChecksCapturePage';
import { ChecksFillPage } from '../tests/e2e/pages/ChecksFillPage';
import { ChecksIndexPage } from '../tests/e2e/pages/ChecksIndexPage';
import { LoginPage, text } from '../tests/e2e/pages/LoginPage';
import { buildAll } from './build';
import { buildInputs, buildStampPath, root } from './paths';
import { isBuildStale } from './staleness';

async function checkPhoto(page: Page, label: string) {
  const base64 = await page.evaluate(async (value) => {
    const canvas = new OffscreenCanvas(2400, 1100);
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no 2d context');
    g.fillStyle = '#ecfeff';
    g.fillRect(0, 0, 2400, 1100);
    g.strokeStyle = '#0e7490';
    g.lineWidth = 12;
    g.strokeRect(40, 40, 2320, 1020);
    g.fillStyle = '#0f172a';
    g.font = 'bold 120px serif';
    g.fillText(`₪ ${value}`, 1700, 260);
    g.font = '90px serif';
    g.fillText('Bank Hapoalim · 12-600-123456', 120, 560);
    g.font = '80px monospace';
    g.fillText('⑆0600⑆ 123456⑈ 1000001', 120, 980);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, label);
  return { name: `check-${label}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

type Building = { id: number; name: string };
type Debt = { contactGuid: string };
type Contact = { id: string; fullName: string; apartmentId: string | null };
type Apartment = { id: string; number: string; floor: number };


if (isBuildStale(buildStampPath, buildInputs)) await buildAll();
const outDir = path.join(root, 'docs/screenshots');
mkdirSync(outDir, { recursive: true });

const server = await startAppServer();
const state = openServerState(server);
try {
  for (const [n, lang] of (['he', 'en'] as const).entries()) {
    const browser = await launchBrowser({ locale: lang === 'he' ? 'he-IL' : 'en-GB' });
    const { page } = browser;
    const shot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready);
      const file = `checks-${name}-${lang}.png`;
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
      const index = new ChecksIndexPage(page, server.baseUrl);
      const fill = new ChecksFillPage(page, server.baseUrl);
      const capture = new ChecksCapturePage(page, server.baseUrl);
      for (const p of [index, fill, capture]) p.lang = lang;
      await index.waitForRoute('dashboard');
      const building = (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records[2 + n] as Building;
      const debts = (await state.get<{ records: Debt[] }>(`/api/binyan/debts?buildingId=${building.id}`)).records;
      const count = (c: string) => debts.filter((d) => d.contactGuid === c).length;
      const contactGuid = [...new Set(debts.map((d) => d.contactGuid))].sort((a, b) => count(b) - count(a))[0] ?? '';
      const payer = (await state.get<{ records: Contact[] }>(`/api/binyan/buildings/${building.id}/contacts`)).records.find((c) => c.id === contactGuid) as Contact;
      const apartment = (await state.get<{ records: Apartment[] }>(`/api/binyan/buildings/${building.id}/apartments`)).records.find((a) => a.id === payer.apartmentId) as Apartment;

      await index.navigateTo('checksIndex');
      await index.choose('building', building.name);
      await index.choose('apartment', text(lang, 'checks', 'index.apartmentOption', { number: apartment.number, floor: apartment.floor }));
      await index.choose('contact', payer.fullName);
      await index.waitVisible(index.debts());
      for (const box of (await index.debts().all()).slice(0, 2)) await box.check();
      await shot('index');

      await index.payByChecks().click();
      await capture.waitForScreen();
      await capture.takePhoto(await checkPhoto(page, '450.00'));
      await capture.amount().fill('450');
      await shot('capture');
      await capture.button(capture.t('capture.saveCheck')).click();
      await capture.skipBack();
      await fill.waitForScreen();
      await fill.addCheck().click();
      await capture.waitForScreen();
      await capture.takePhoto(await checkPhoto(page, '200.00'));
      await capture.saveCheck('200');
      await capture.skipBack();
      await fill.waitForScreen();
      await fill.waitVisible(fill.check(2));
      await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((img) => (img as HTMLImageElement).complete));
      await fill.success('capture.saved').waitFor({ state: 'hidden' });
      await shot('fill');

      await fill.review().click();
      await fill.waitVisible(fill.dialog('review.mismatchTitle'));
      await shot('review-warning');
    } finally {
      await browser.close();
    }
  }
} finally {
  state.close();
  await server.stop();
}
