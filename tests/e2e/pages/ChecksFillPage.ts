// /checks/checksfill/:checksGroupId (ChecksFill): the checks of a payment, review, send and deposit.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class ChecksFillPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'checks', key, values);
  }

  async waitForScreen(): Promise<void> {
    await this.waitForRoute('checksFill');
  }

  groupGuid(): string {
    return decodeURIComponent(this.pathname().split('/').at(-1) ?? '');
  }

  checks(): Locator {
    return this.page.getByRole('list', { name: this.t('fill.checksLabel') }).getByRole('listitem');
  }

  check(number: number): Locator {
    return this.page.getByRole('listitem', { name: this.t('check.title', { number }) });
  }

  addCheck(): Locator {
    return this.button(this.t('fill.addCheck'));
  }

  review(): Locator {
    return this.button(this.t('fill.review'));
  }

  dialog(titleKey: string): Locator {
    return this.page.getByRole(titleKey === 'review.mismatchTitle' ? 'alertdialog' : 'dialog', { name: this.t(titleKey) });
  }

  async editAmount(number: number, amount: string): Promise<void> {
    await this.button(this.t('check.edit', { number })).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('edit.title', { number }) });
    await this.waitVisible(dialog);
    await dialog.getByLabel(this.t('check.amount')).fill(amount);
    await dialog.getByRole('button', { name: this.t('edit.save') }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  codeInput(): Locator {
    return this.page.getByLabel(this.t('deposit.codeLabel'));
  }

  /** The success dialog of a step (`checks:<key>`). */
  success(key: string): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(key) });
  }
}
