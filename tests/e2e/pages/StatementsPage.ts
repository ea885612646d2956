// Statements (issue 29 item 7): the tenant's yearly PDF on the home, the owners' half-yearly report
// (/owners-report/:bid) and the office's statements of a building (/statements/:bid).
import type { Download, Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class StatementsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'statements', key, values);
  }

  /** Clicks a button that saves a file and gives the download. */
  async download(button: Locator): Promise<Download> {
    const [file] = await Promise.all([this.page.waitForEvent('download'), button.click()]);
    return file;
  }

  yearlyStatementButton(): Locator {
    return this.button(new RegExp(this.t('yearly.download', { year: '\\d{4}' }).replace(/[()]/g, '\\$&')));
  }

  ownersReportLink(): Locator {
    return this.link(this.t('report.link'));
  }

  ownersReportTitle(): Locator {
    return this.heading(this.t('report.title'));
  }

  /** The report's balance facts (opening, income, expenses, closing). */
  reportFact(key: 'opening' | 'income' | 'expenses' | 'closing'): Locator {
    return this.page.getByRole('term').filter({ hasText: this.t(`report.${key}`) });
  }

  /** The year's table per apartment. */
  yearTable(): Locator {
    return this.page.getByRole('region', { name: new RegExp(this.t('yearly.heading', { year: '\\d{4}' })) }).getByRole('table');
  }

  exportCsv(): Locator {
    return this.button(text(this.lang, 'books', 'reports.csv'));
  }

  monthExport(): Locator {
    return this.button(this.t('month.download'));
  }
}
