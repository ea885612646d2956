// Screenshots of the check payment in Hebrew and English at 390×844: the index, the fill screen, the
// capture screen and the review warning. `npx tsx scripts/screenshots-checks.ts` (serialized with the
// browser tests: it uses dist/).
import type { Page } from 'playwright-core';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { openServerState } from '../tests/e2e/fixtures/serverState';
import { ChecksCapturePage } from '../tests/e2e/pages/ChecksCapturePage';
import { ChecksFillPage } from '../tests/e2e/pages/ChecksFillPage';
import { ChecksIndexPage } from '../tests/e2e/pages/ChecksIndexPage';
import { text } from '../tests/e2e/pages/LoginPage';
import { isMain } from './paths';
import { drawnJpeg, languages, signedIn, withServer } from './screenshots/session';

function checkPhoto(page: Page, label: string) {
  return drawnJpeg(page, `check-${label}.jpg`, { width: 2400, height: 1100 }, [
    { fill: '#ecfeff', rect: [0, 0, 2400, 1100] },
    { stroke: '#0e7490', lineWidth: 12, rect: [40, 40, 2320, 1020] },
    { fill: '#0f172a', font: 'bold 120px serif', text: `₪ ${label}`, at: [1700, 260] },
    { fill: '#0f172a', font: '90px serif', text: 'Bank Hapoalim · 12-600-123456', at: [120, 560] },
    { fill: '#0f172a', font: '80px monospace', text: '⑆0600⑆ 123456⑈ 1000001', at: [120, 980] },
  ]);
}

type Building = { id: number; name: string };
type Debt = { contactGuid: string };
type Contact = { id: string; fullName: string; apartmentId: string | null };
type Apartment = { id: string; number: string; floor: number };

export async function takeChecks(server: AppServer): Promise<void> {
  const state = openServerState(server);
  try {
    for (const [n, lang] of languages.entries()) {
      await signedIn(server, lang, async ({ page, shot: save }) => {
        const shot = (name: string) => save(`checks-${name}-${lang}.png`);
        const index = new ChecksIndexPage(page, server.baseUrl);
        const fill = new ChecksFillPage(page, server.baseUrl);
        const capture = new ChecksCapturePage(page, server.baseUrl);
        for (const p of [index, fill, capture]) p.lang = lang;
        await index.waitForRoute('dailyPlan'); // avi's home, the day's plan (src/app/homeRoute.ts)
        const building = (await state.get<{ records: Building[] }>('/api/binyan/buildings')).records[2 + n] as Building;
        const debts = (await state.get<{ records: Debt[] }>(`/api/binyan/debts?buildingId=${building.id}`)).records;
        const count = (c: string) => debts.filter((d) => d.contactGuid === c).length;
        const contactGuid = [...new Set(debts.map((d) => d.contactGuid))].sort((a, b) => count(b) - count(a))[0] ?? '';
        const payer = (await state.get<{ records: Contact[] }>(`/api/binyan/buildings/${building.id}/contacts`)).records.find(
          (c) => c.id === contactGuid,
        ) as Contact;
        const apartment = (await state.get<{ records: Apartment[] }>(`/api/binyan/buildings/${building.id}/apartments`)).records.find(
          (a) => a.id === payer.apartmentId,
        ) as Apartment;

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
      });
    }
  } finally {
    state.close();
  }
}

if (isMain(import.meta.url)) await withServer(takeChecks);
