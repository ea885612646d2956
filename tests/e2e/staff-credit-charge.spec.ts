// Corrections without deleting money (issue 29): the manager opens an apartment's financial report, credits
// part of a charge from its row — refused more than is left and a missing reason first, keeping what she
// typed — and sees the credit, with its reason and who made it, beside the charge, which stays. axe-clean.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import { BooksPage } from './pages/BooksPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage, text } from './pages/LoginPage';

const miri = { companyCode: '1001', userName: 'miri', password: 'demo1234' };
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('crediting a charge', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('credits part of a charge from the apartment’s report and shows it beside the charge', async () => {
    const state = openServerState(app.server);
    const charge = state.row<{ contactId: string; amountAgorot: number }>(
      'SELECT "contactId", "amountAgorot" FROM ledger_entries WHERE kind = \'charge\' AND "buildingId" = 101 AND "contactId" IS NOT NULL AND "amountAgorot" > 1000 ORDER BY id LIMIT 1',
    );
    state.close();
    if (!charge) throw new Error('the demo has a charge in building 101');
    await new LoginPage(app.page, app.baseUrl).signInOn(app.server, miri);
    await new DashboardPage(app.page, app.baseUrl).waitForRoute('dashboard');
    const books = new BooksPage(app.page, app.baseUrl);
    await books.goto(`/financial-report/${encodeURIComponent(charge.contactId)}`);
    await books.waitForRoute('financialReport');
    const table = app.page.getByRole('table', { name: books.t('report.lines') });
    await books.waitVisible(table);
    const openCredit = table.getByRole('button', { name: new RegExp(`^${escape(books.t('credit.open', { charge: '', date: '' }).split('  ')[0] ?? '')}`) });
    await books.waitVisible(openCredit.first());
    await axeCheck(app.page);

    await openCredit.first().click();
    const form = books.form('credit-form');
    await books.waitVisible(form);
    const amount = form.getByRole('textbox', { name: books.t('credit.amount') });
    const reason = form.getByRole('textbox', { name: books.t('credit.reason') });
    await amount.fill('10');
    await form.getByRole('button', { name: books.t('credit.submit') }).click();
    await books.waitVisible(form.getByText(text('he', 'errors', 'requiredField')));
    await books.expectValue(amount, '10');

    await reason.fill('חיוב כפול');
    await amount.fill(String(charge.amountAgorot / 100 + 1));
    await form.getByRole('button', { name: books.t('credit.submit') }).click();
    await books.waitVisible(form.getByText(text('he', 'errors', 'creditTooLarge')));
    await axeCheck(app.page);

    await amount.fill('10');
    await reason.fill('חיוב כפול');
    await form.getByRole('button', { name: books.t('credit.submit') }).click();
    await books.waitVisible(app.page.getByRole('status').filter({ hasText: books.t('credit.done', { amount: '', charge: '' }).slice(0, 4) }));
    await books.waitVisible(table.getByRole('cell', { name: books.t('credit.row', { reason: 'חיוב כפול', by: 'miri' }) }));
    await axeCheck(app.page);
  });
});
