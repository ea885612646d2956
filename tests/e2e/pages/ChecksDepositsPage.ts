// /checks/deposits: the sent check payments waiting for their deposit confirmation, and
// /checks/deposits/:checksGroupId, where one of them is confirmed.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';
import { plural } from './SyncScreenPage';

export class ChecksDepositsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'checks', key, values);
  }

  async waitForScreen(): Promise<void> {
    await this.waitForRoute('checksDeposits');
  }

  /** The checks screen's link to this list, naming how many payments wait. */
  linkFromChecks(count: number): Locator {
    return this.page.getByRole('link', { name: plural(this.lang, 'checks', 'deposits.link', count) });
  }

  payments(): Locator {
    return this.page.getByRole('list', { name: this.t('deposits.listLabel') }).getByRole('listitem');
  }

  confirmLink(payer: string): Locator {
    return this.page.getByRole('link', { name: this.t('deposits.confirm', { name: payer }) });
  }

  nothingToConfirm(): Locator {
    return this.page.getByRole('heading', { name: this.t('deposits.emptyTitle') });
  }

  /** "Check photos sent: n of m", announced while the deposit waits for them. */
  uploadProgress(sent: number, total: number): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('deposit.uploadProgress', { sent, total }) });
  }

  codeInput(): Locator {
    return this.page.getByLabel(this.t('deposit.codeLabel'));
  }

  success(key: string): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(key) });
  }
}
