// Screenshots of the committee's books in Hebrew and English at 390×844, signed in as the committee
// member of building 101: `npx tsx scripts/screenshots-books.ts` (run serialized with the browser tests: it uses dist/).
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { BooksPage } from '../tests/e2e/pages/BooksPage';
import { isMain } from './paths';
import { drawnJpeg, languages, signedIn, withServer } from './screenshots/session';

const BUILDING = 101;

export async function takeBooks(server: AppServer): Promise<void> {
  for (const lang of languages) {
    await signedIn(
      server,
      lang,
      async ({ page, shot }) => {
        const books = new BooksPage(page, server.baseUrl);
        books.lang = lang;
        await books.waitForRoute('financialReport'); // rina's home (src/app/homeRoute.ts)
        await books.open(BUILDING);
        await books.waitVisible(books.fact('balance').filter({ hasText: /\d/ }));
        await shot(`books-summary-${lang}.png`);

        await books.tab('expenses');
        await books.waitVisible(page.getByRole('listitem').first());
        await shot(`books-expenses-${lang}.png`);
        await books.startExpense();
        await books.fillExpense({
          description: lang === 'he' ? 'החלפת נורות בחניון' : 'Car-park light bulbs',
          amount: '480',
          group: books.t('groups.maintenance'),
          supplier: 'חשמל ותאורה כהן',
          invoiceNumber: '7731',
        });
        await books.attachInvoicePhoto(
          await drawnJpeg(page, 'invoice.jpg', { width: 1200, height: 1600 }, [
            { fill: '#ffffff', rect: [0, 0, 1200, 1600] },
            { fill: '#0f172a', font: 'bold 90px sans-serif', text: 'INVOICE 7731', at: [100, 300] },
            { fill: '#0f172a', font: '70px sans-serif', text: '480.00 ILS', at: [100, 480] },
          ]),
        );
        await shot(`books-new-expense-${lang}.png`);
        await page.keyboard.press('Escape');

        await books.tab('budget');
        await books.waitVisible(books.budgetTotal(1));
        await shot(`books-budget-${lang}.png`);

        await books.tab('reports');
        await books.waitVisible(page.getByRole('table'));
        await shot(`books-reports-${lang}.png`);

        await books.goto('/financial-report');
        await books.waitForRoute('financialReport');
        await books.waitVisible(page.getByRole('listitem').first());
        await shot(`books-financial-report-${lang}.png`);

        await books.goto(`/building-suppliers/${BUILDING}`);
        await books.waitForRoute('buildingSuppliers');
        await books.waitVisible(page.getByRole('listitem', { name: books.t('bid.label', { description: 'צביעת חדר המדרגות' }), exact: true }));
        await page.getByRole('heading', { name: books.t('bid.listTitle', { n: 3 }) }).scrollIntoViewIfNeeded();
        await shot(`books-quotes-${lang}.png`);
      },
      'rina',
    );
  }
}

if (isMain(import.meta.url)) await withServer(takeBooks);
