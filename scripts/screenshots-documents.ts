// Screenshots of documents and people (issue 17) in Hebrew and English at 390×844: the building's
// documents, a signature form, and "contact us". `npx tsx scripts/screenshots-documents.ts`
// (serialized with the browser tests: it uses dist/).
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { DocumentsPage } from '../tests/e2e/pages/DocumentsPage';
import { text } from '../tests/e2e/pages/LoginPage';
import { isMain } from './paths';
import { inBrowser, languages, signedIn, withServer } from './screenshots/session';

export async function takeDocuments(server: AppServer): Promise<void> {
  for (const lang of languages) {
    await signedIn(server, lang, async ({ page, shot }) => {
      const docs = new DocumentsPage(page, server.baseUrl);
      docs.lang = lang;
      await docs.waitForRoute('dailyPlan'); // avi's home, the day's plan (src/app/homeRoute.ts)
      await docs.goto('/documents');
      await docs.waitForRoute('documents');
      await docs.waitVisible(docs.card('תקנון הבית 2024'));
      await shot(`documents-list-${lang}.png`);

      await docs.goto('/sign-form');
      await docs.waitForRoute('signForm');
      const s = (key: string) => text(lang, 'signForms', key);
      await page.getByRole('textbox', { name: s('fields.keyDescription') }).fill(lang === 'he' ? 'מפתח מחסן וחניון' : 'Storage room and parking');
      await page.getByRole('textbox', { name: s('fields.keyCount') }).fill('2');
      const pad = await page.getByRole('img', { name: s('signature') }).boundingBox();
      if (pad) {
        await page.mouse.move(pad.x + 40, pad.y + pad.height * 0.6);
        await page.mouse.down();
        for (let i = 1; i <= 14; i += 1) await page.mouse.move(pad.x + 40 + i * 18, pad.y + pad.height * (0.6 + (i % 2 ? -0.25 : 0.15)));
        await page.mouse.up();
      }
      await page.getByRole('img', { name: s('signature') }).scrollIntoViewIfNeeded();
      await shot(`documents-sign-form-${lang}.png`);
    });
    await inBrowser(server, lang, async ({ page, shot }) => {
      await page.goto(new URL('/contact-us', server.baseUrl).href);
      if (lang === 'en') await page.getByRole('radio', { name: 'English' }).check();
      await page.getByRole('heading', { name: text(lang, 'contactUs', 'title') }).waitFor();
      await shot(`contact-us-${lang}.png`);
    });
  }
}

if (isMain(import.meta.url)) await withServer(takeDocuments);
