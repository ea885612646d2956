// Screenshots of the service-call screens (list, detail, add form) in Hebrew and English at 390×844:
// `npx tsx scripts/screenshots-service-calls.ts` (run serialized with the browser tests: it uses dist/).
import type { Page } from 'playwright-core';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { AddServiceCallPage } from '../tests/e2e/pages/AddServiceCallPage';
import { ServiceCallPage } from '../tests/e2e/pages/ServiceCallPage';
import { ServiceCallsPage } from '../tests/e2e/pages/ServiceCallsPage';
import { isMain } from './paths';
import { drawnJpeg, languages, signedIn, withServer } from './screenshots/session';

const BUILDING = 101;
const texts = {
  he: { subject: 'נזילה בחניון', description: 'נזילה מהצנרת בחניון התת-קרקעי ליד עמוד 12', update: 'האינסטלטור בדרך, צפוי להגיע בעוד שעה' },
  en: {
    subject: 'Leak in the car park',
    description: 'Water dripping from the pipe in the underground car park by pillar 12',
    update: 'The plumber is on the way, expected within the hour',
  },
} as const;

function leakPhoto(page: Page, name: string, color: string) {
  return drawnJpeg(page, name, { width: 640, height: 480 }, [
    { fill: color, rect: [0, 0, 640, 480] },
    { fill: '#ffffff', rect: [200, 120, 240, 240] },
  ]);
}

export async function takeServiceCalls(server: AppServer): Promise<void> {
  for (const lang of languages) {
    await signedIn(server, lang, async ({ page, shot }) => {
      const list = new ServiceCallsPage(page, server.baseUrl);
      const detail = new ServiceCallPage(page, server.baseUrl);
      const add = new AddServiceCallPage(page, server.baseUrl);
      for (const p of [list, detail, add]) p.lang = lang;
      await list.waitForRoute('dailyPlan'); // avi's home, the day's plan (src/app/homeRoute.ts)

      await add.open(BUILDING);
      await add.fill({ domain: 'plumbing', priority: 'high', subject: texts[lang].subject, description: texts[lang].description });
      await add.attachPhotos([await leakPhoto(page, 'leak-1.jpg', '#0f766e'), await leakPhoto(page, 'leak-2.jpg', '#b45309')]);
      await shot(`service-calls-add-${lang}.png`, { top: true });
      const id = await add.submit();
      await detail.addUpdate(texts[lang].update);

      await list.open(BUILDING);
      await list.waitForRows();
      await shot(`service-calls-list-${lang}.png`);

      await detail.open(id);
      await detail.waitVisible(detail.badge('synced'), 30_000);
      await shot(`service-calls-detail-${lang}.png`, { top: true });
    });
  }
}

if (isMain(import.meta.url)) await withServer(takeServiceCalls);
