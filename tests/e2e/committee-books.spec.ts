// The committee's books in a browser: a committee member records an expense with an invoice photo while
// offline (the same supplier's invoice number is refused), budget against actual and the building's
// summary move by its amount at once, it reaches the server exactly once when the connection returns,
// and the year's CSV export adds up to what the screen shows. Hebrew, then English; axe-clean.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { openServerState } from './fixtures/serverState';
import type { ServerState } from './fixtures/serverState';
import { agorotOfText, BooksPage } from './pages/BooksPage';
import { LoginPage, text } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { ShellLayoutPage } from './pages/ShellLayoutPage';
import { SyncScreenPage } from './pages/SyncScreenPage';
import { drawnJpeg } from './pages/photoFile';

const rina = { companyCode: '1001', userName: 'rina', password: 'demo1234' };
const BUILDING = 101;
const INVOICE = 'E2E-9001';
const DESCRIPTION = 'ניקוי שטיחים בלובי';
const AMOUNT = 1234.5;

/** A JPEG of an invoice. */
const invoicePhoto = (page: Page) =>
  drawnJpeg(page, 'invoice.jpg', {
    width: 1200,
    height: 1600,
    background: '#ffffff',
    font: 'bold 90px sans-serif',
    texts: [
      { text: 'INVOICE E2E-9001', x: 100, y: 300 },
      { text: '1,234.50 ILS', x: 100, y: 500 },
    ],
  });

/** The cells of one CSV line (RFC 4180 quotes; the export's lines hold no line breaks). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

describe('the committee’s books', () => {
  let app: TestApp;
  let state: ServerState;
  let books: BooksPage;
  const before = { actual: 0, cleaning: 0, monthExpenses: 0 };

  beforeAll(async () => {
    app = await startApp();
    state = openServerState(app.server);
    books = new BooksPage(app.page, app.baseUrl);
  });
  afterAll(async () => {
    state?.close();
    await app?.stop();
  });

  it('signs the committee member in and opens her building’s books', async () => {
    const login = new LoginPage(app.page, app.baseUrl);
    await login.goto('/login');
    await login.signIn(
      rina,
      (since) => app.server.waitForOtp('rina', { since }),
      () => app.server.otpMark(),
    );
    // A committee member's home is the financial report (app/homeRoute.ts).
    await new ShellLayoutPage(app.page, app.baseUrl).waitForRoute('financialReport');
    await books.open(BUILDING);
    await waitForServiceWorkerControl(app.page);
    await books.waitVisible(books.fact('balance').filter({ hasText: /\d/ }));
    before.monthExpenses = await books.amountOf(books.fact('monthExpenses'));
    await axeCheck(app.page);
    await books.tab('budget');
    before.actual = await books.amountOf(books.budgetTotal(1));
    before.cleaning = await books.amountOf(books.budgetRow(books.t('groups.cleaning')).getByRole('cell').nth(1));
    expect(before.actual).toBeGreaterThan(0);
    await axeCheck(app.page);
  });

  it('records an expense with an invoice photo offline, and refuses the same invoice again', async () => {
    await goOffline(app.context);
    await books.tab('expenses');
    await books.startExpense();
    await books.fillExpense({
      description: DESCRIPTION,
      amount: String(AMOUNT),
      group: books.t('groups.cleaning'),
      supplier: 'ניקיון הברק בע"מ',
      invoiceNumber: INVOICE,
    });
    await books.attachInvoicePhoto(await invoicePhoto(app.page));
    await axeCheck(app.page);
    await books.saveExpense();
    await books.waitVisible(books.successDialog('expense.saved'));
    await books.waitVisible(books.expenseCard(DESCRIPTION));
    // Its invoice opens from the device while offline.
    const invoiceLink = books.expenseCard(DESCRIPTION).getByRole('link', { name: books.t('invoice.openOf', { description: DESCRIPTION }) });
    await books.waitVisible(invoiceLink);
    expect(await invoiceLink.getAttribute('href')).toMatch(/^blob:/);

    await books.startExpense();
    await books.fillExpense({
      description: 'אותה חשבונית שוב',
      amount: '10',
      group: books.t('groups.cleaning'),
      supplier: 'ניקיון הברק בע"מ',
      invoiceNumber: INVOICE.toLowerCase(),
    });
    await books.saveExpense();
    await books.waitVisible(books.formError(text('he', 'errors', 'duplicateInvoice')));
    await axeCheck(app.page);
    await books
      .form('expense-form')
      .getByRole('button', { name: text('he', 'common', 'cancel') })
      .click();
  });

  it('moves budget against actual and the summary by the expense at once', async () => {
    const added = Math.round(AMOUNT * 100);
    await books.tab('budget');
    await books.waitVisible(books.budgetTotal(1));
    expect(await books.amountOf(books.budgetTotal(1))).toBe(before.actual + added);
    expect(await books.amountOf(books.budgetRow(books.t('groups.cleaning')).getByRole('cell').nth(1))).toBe(before.cleaning + added);
    await books.tab('summary');
    expect(await books.amountOf(books.fact('monthExpenses'))).toBe(before.monthExpenses + added);
  });

  it('reaches the server exactly once when the connection returns', async () => {
    await goOnline(app.context);
    await new SyncScreenPage(app.page, app.baseUrl).waitForPending(0, 60_000);
    const id = await state.until('the expense on the server', () => state.row<{ id: string }>('SELECT id FROM expenses WHERE invoiceNumber = ?', INVOICE)?.id);
    expect(state.count('SELECT COUNT(*) AS n FROM expenses WHERE invoiceNumber = ?', INVOICE)).toBe(1);
    expect(state.row<{ amountAgorot: number }>('SELECT amountAgorot FROM expenses WHERE id = ?', id)?.amountAgorot).toBe(123_450);
    expect(state.count("SELECT COUNT(*) AS n FROM ledger_entries WHERE sourceKind = 'expense' AND sourceId = ?", id)).toBe(1);
    await state.until('the invoice photo uploaded', () =>
      state.count("SELECT COUNT(*) AS n FROM files WHERE parentType = 'expenses' AND parentId = ?", id) === 1 ? true : undefined,
    );
    const attachment = state.row<{ attachmentId: string }>('SELECT attachmentId FROM expenses WHERE id = ?', id)?.attachmentId;
    expect(state.count('SELECT COUNT(*) AS n FROM files WHERE id = ?', attachment)).toBe(1);
  });

  it('exports the year as CSV whose totals match the screen, and as an Excel workbook', async () => {
    await books.tab('reports');
    await books.chooseReport('year');
    const shown = { income: await books.amountOf(books.reportFact('income')), expenses: await books.amountOf(books.reportFact('expenses')) };
    const download = await books.exportCsv();
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(cellsOf(lines[0] ?? '')).toEqual([books.t('reports.period'), books.t('reports.income'), books.t('reports.expenses'), books.t('reports.net')]);
    const total = cellsOf(lines.at(-1) ?? '');
    expect(total[0]).toBe(books.t('budget.total'));
    expect(agorotOfText(total[1] ?? '')).toBe(shown.income);
    expect(agorotOfText(total[2] ?? '')).toBe(shown.expenses);
    const excel = await books.exportExcel();
    expect(excel.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = await readFile((await excel.path()) ?? '');
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK');
    await axeCheck(app.page);
  });

  it('shows the building’s financial status per contact and one contact’s charges and payments', async () => {
    await books.goto('/financial-report');
    await books.waitForRoute('financialReport');
    const contacts = app.page.getByRole('region', { name: books.t('report.buildingTitle', { name: 'בית הרצל' }) }).getByRole('listitem');
    await books.waitVisible(contacts.first());
    const first = contacts.first().getByRole('link');
    const name = (await first.textContent()) ?? '';
    await first.click();
    await books.waitVisible(books.heading(name, 2));
    await books.waitVisible(app.page.getByRole('table', { name: books.t('report.lines') }));
    expect(books.pathname()).toMatch(/^\/financial-report\/[^/]+$/);
    await axeCheck(app.page);
  });

  it('filters the quotes, approves one and turns it into an expense', async () => {
    const quote = 'צביעת חדר המדרגות';
    await books.goto(`/building-suppliers/${BUILDING}`);
    await books.waitForRoute('buildingSuppliers');
    await books.waitVisible(books.bidCard(quote));
    await books.filter(books.t('expense.supplier'), 'contains', 'מעליות');
    await books.waitForCount(app.page.getByRole('listitem', { name: new RegExp(`^${books.t('bid.label', { description: '' })}`) }), 1);
    await books.filter(books.t('expense.supplier'), 'contains', '');
    await books
      .bidCard(quote)
      .getByRole('button', { name: books.t('bid.approveOf', { description: quote }) })
      .click();
    await books.waitVisible(books.successDialog('bid.approved'));
    await books.waitVisible(books.bidCard(quote).getByText(books.t('bid.approvedBy', { name: 'רינה ביטון', date: '' }).trim(), { exact: false }));
    await axeCheck(app.page);
    await books
      .bidCard(quote)
      .getByRole('button', { name: books.t('bid.toExpenseOf', { description: quote }) })
      .click();
    await books.waitVisible(books.form('expense-form'));
    await books.saveExpense();
    await books.waitVisible(books.successDialog('expense.saved'));
    await books.waitVisible(books.bidCard(quote).getByText(books.t('bid.expensed')));
    const bid = await state.until('the quote approved and spent on the server', () =>
      state.row<{ id: string; status: string; approvedBy: string; expenseId: string | null }>(
        'SELECT id, status, approvedBy, expenseId FROM bids WHERE description = ? AND buildingId = ? AND expenseId IS NOT NULL',
        quote,
        BUILDING,
      ),
    );
    expect(bid).toMatchObject({ status: 'approved', approvedBy: 'רינה ביטון' });
    expect(state.count('SELECT COUNT(*) AS n FROM expenses WHERE bidId = ?', bid.id)).toBe(1);
    expect(state.row<{ amountAgorot: number }>('SELECT amountAgorot FROM expenses WHERE bidId = ?', bid.id)?.amountAgorot).toBe(1_850_000);
  });

  it('shows budget against actual in English, left to right, axe-clean', async () => {
    const profile = new ProfilePage(app.page, app.baseUrl);
    await profile.goto('/user-profile');
    await profile.waitForRoute('userProfile');
    await profile.switchLanguage('en');
    books.lang = 'en';
    await books.open(BUILDING);
    await books.expectDocumentDirection({ lang: 'en', dir: 'ltr' });
    await books.tab('budget');
    await books.waitVisible(books.heading(books.t('budget.title', { year: new Date().getFullYear() })));
    // The offline expense and the quote turned into an expense, both dated today.
    expect(await books.amountOf(books.budgetTotal(1))).toBe(before.actual + Math.round(AMOUNT * 100) + 1_850_000);
    await axeCheck(app.page);
  });
});
