// Screenshots of the meter, keys / mail and maintenance screens in Hebrew and English at 390×844:
// `npx tsx scripts/screenshots-meters.ts` (run serialized with the browser tests: it uses dist/).
import type { Page } from 'playwright-core';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { ItemsPage } from '../tests/e2e/pages/ItemsPage';
import { MaintenancePage } from '../tests/e2e/pages/MaintenancePage';
import { MetersPage } from '../tests/e2e/pages/MetersPage';
import { ReadingsPage } from '../tests/e2e/pages/ReadingsPage';
import { isMain } from './paths';
import { drawnJpeg, languages, signedIn, withServer } from './screenshots/session';

const BUILDING = 101;

function counterPhoto(page: Page) {
  return drawnJpeg(page, 'counter.jpg', { width: 1280, height: 960 }, [
    { fill: '#1e293b', rect: [0, 0, 1280, 960] },
    { fill: '#f8fafc', rect: [240, 340, 800, 280] },
    { fill: '#0f172a', font: 'bold 180px monospace', text: '08412', at: [330, 550] },
  ]);
}

export async function takeMeters(server: AppServer): Promise<void> {
  for (const lang of languages) {
    await signedIn(server, lang, async ({ page, shot }) => {
      const meters = new MetersPage(page, server.baseUrl);
      const readings = new ReadingsPage(page, server.baseUrl);
      const keys = new ItemsPage(page, server.baseUrl, 'keys');
      const mail = new ItemsPage(page, server.baseUrl, 'mailItems');
      const maintenance = new MaintenancePage(page, server.baseUrl);
      for (const p of [meters, readings, keys, mail, maintenance]) p.lang = lang;
      await meters.waitForRoute('dailyPlan'); // avi's home, the day's plan (src/app/homeRoute.ts)

      await meters.open(BUILDING);
      await meters.waitVisible(page.getByRole('listitem').first());
      await shot(`meters-list-${lang}.png`);

      const first = (await page.getByRole('listitem').first().getByRole('heading').textContent()) ?? '';
      await meters.openReadings(first.replace(/^\D+/, '').trim() || first);
      await readings.waitVisible(readings.readings().first());
      await shot(`meters-readings-${lang}.png`);
      const last = Number(((await page.getByText(readings.t('meter.last')).first().locator('strong').textContent()) ?? '0').replace(/[^\d.]/g, ''));
      await readings.startNewReading();
      await readings.takePhoto(await counterPhoto(page));
      await readings.fillCurrent(Math.round((last + 241.6) * 10) / 10);
      await shot(`meters-new-reading-${lang}.png`);
      await page.keyboard.press('Escape');

      await keys.goto('/keys');
      await keys.waitForRoute('keys');
      await keys.waitVisible(page.getByRole('listitem').first());
      await shot(`items-keys-${lang}.png`);

      await mail.goto('/mail-items');
      await mail.waitForRoute('mailItems');
      await mail.waitVisible(page.getByRole('listitem').first());
      await mail.tab('delivered').click();
      await mail.tab('pending').click();
      await shot(`items-mail-${lang}.png`);

      await maintenance.goto('/maintenance-and-facilities');
      await maintenance.waitForRoute('maintenanceAndFacilities');
      await maintenance.waitVisible(maintenance.testsList());
      await shot(`maintenance-plan-${lang}.png`);
    });
  }
}

if (isMain(import.meta.url)) await withServer(takeMeters);
