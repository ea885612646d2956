// Maintenance and facilities (/maintenance-and-facilities): the plan's tests and sending it.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class MaintenancePage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'maintenance', key, values);
  }

  testsList(): Locator {
    return this.page.getByRole('region', { name: this.t('tests.title') }).getByRole('listitem');
  }

  test(title: string): Locator {
    return this.testsList().filter({ has: this.page.getByRole('heading', { name: title, exact: true }) }).first();
  }

  async setStatusAt(index: number, status: 'done' | 'unchecked' | 'notCompleted'): Promise<void> {
    await this.testsList().nth(index).getByRole('radio', { name: this.t(`status.${status}`), exact: true }).check();
  }

  async setStatus(title: string, status: 'done' | 'unchecked' | 'notCompleted'): Promise<void> {
    await this.test(title).getByRole('radio', { name: this.t(`status.${status}`), exact: true }).check();
  }

  async sendPlan(confirmIncomplete: boolean): Promise<void> {
    await this.button(this.t('plan.send')).click();
    if (confirmIncomplete) await this.page.getByRole('alertdialog').getByRole('button', { name: this.t('plan.sendAnyway') }).click();
  }

  successDialog(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('plan.sent') });
  }
}
