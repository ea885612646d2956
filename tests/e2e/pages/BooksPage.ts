// The committee's books (/books/:bid): tabs, the expense form, budget against actual, reports.
import type { Download, Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

/** Whole agorot of an amount as the screen shows it in Hebrew or English ("‏1,234.50 ₪", "-₪12.00"). */
export function agorotOfText(shown: string): number {
  const clean = shown.replace(/[^\d.,-]/g, '');
  const negative = clean.includes('-');
  const [whole = '0', fraction = '0'] = clean.replace(/-/g, '').replace(/,/g, '').split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

export type ExpenseDetails = { description: string; amount: string; group: string; supplier: string; invoiceNumber: string };

export class BooksPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'books', key, values);
  }

  async open(buildingId: number): Promise<void> {
    await this.goto(`/books/${buildingId}`);
    await this.waitForRoute('books');
  }

  async tab(name: 'summary' | 'expenses' | 'income' | 'budget' | 'pettyCash' | 'reports'): Promise<void> {
    await this.page.getByRole('tab', { name: this.t(`tabs.${name}`) }).click();
  }

  form(id: string): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.locator(`#${id}`) });
  }

  async startExpense(): Promise<void> {
    await this.button(this.t('expense.add')).click();
    await this.waitVisible(this.form('expense-form'));
  }

  async fillExpense(d: ExpenseDetails): Promise<void> {
    const form = this.form('expense-form');
    await form.getByLabel(this.t('expense.description'), { exact: true }).fill(d.description);
    await form.getByLabel(this.t('expense.amount'), { exact: true }).fill(d.amount);
    await form.getByLabel(this.t('expense.group'), { exact: true }).selectOption({ label: d.group });
    await form.getByLabel(this.t('expense.supplier'), { exact: true }).selectOption({ label: d.supplier });
    await form.getByLabel(this.t('expense.invoiceNumber'), { exact: true }).fill(d.invoiceNumber);
  }

  /** The camera input; headless Chromium takes the file like a gallery pick. */
  async attachInvoicePhoto(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const form = this.form('expense-form');
    await form.getByLabel(this.t('invoice.camera'), { exact: true }).setInputFiles(file);
    await this.waitVisible(form.getByRole('img', { name: this.t('invoice.preview') }), 30_000);
  }

  async saveExpense(): Promise<void> {
    await this.form('expense-form')
      .getByRole('button', { name: this.t('expense.save') })
      .click();
  }

  formError(message: string): Locator {
    return this.form('expense-form').getByText(message, { exact: true });
  }

  successDialog(key: string): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(key) });
  }

  expenseCard(description: string): Locator {
    return this.page.getByRole('listitem', { name: this.t('expense.label', { description }) });
  }

  /** A cell of the budget table's totals row: 0 budget, 1 actual, 2 remaining. */
  budgetTotal(column: 0 | 1 | 2): Locator {
    const row = this.page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: this.t('budget.total'), exact: true }) });
    return row.getByRole('cell').nth(column);
  }

  budgetRow(group: string): Locator {
    return this.page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: group }) });
  }

  fact(id: string): Locator {
    return this.page.locator(`dd[data-fact="${id}"]`);
  }

  async amountOf(locator: Locator): Promise<number> {
    await this.waitVisible(locator);
    return agorotOfText((await locator.textContent()) ?? '');
  }

  async chooseReport(view: 'month' | 'quarter' | 'year' | 'detailed'): Promise<void> {
    const labels = { month: 'reports.byMonth', quarter: 'reports.byQuarter', year: 'reports.byYear', detailed: 'reports.detailed' } as const;
    await this.page.getByLabel(this.t('reports.view'), { exact: true }).selectOption({ label: this.t(labels[view]) });
  }

  reportFact(key: 'income' | 'expenses' | 'net'): Locator {
    return this.page.locator('section[aria-labelledby="reports-heading"]').getByRole('definition').nth(['income', 'expenses', 'net'].indexOf(key));
  }

  async exportCsv(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.button(this.t('reports.csv')).click()]);
    return download;
  }

  async exportExcel(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.button(this.t('reports.excel')).click()]);
    return download;
  }

  bidCard(description: string): Locator {
    return this.page.getByRole('listitem', { name: this.t('bid.label', { description }), exact: true });
  }

  async filter(field: string, operator: string, value: string): Promise<void> {
    const bar = this.page.getByRole('group', { name: this.t('filters.legend') });
    await bar.getByLabel(this.t('filters.field'), { exact: true }).selectOption({ label: field });
    await bar.getByLabel(this.t('filters.operator'), { exact: true }).selectOption({ label: this.t(`filters.operators.${operator}`) });
    await bar.getByLabel(this.t('filters.value'), { exact: true }).fill(value);
  }
}
