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

  /** Waits until the plan lists exactly `count` tests (one live query: all of them or none). */
  async waitForTests(count: number, timeoutMs?: number): Promise<void> {
    await this.waitForCount(this.testsList(), count, timeoutMs);
  }

  /** The saved-on-device badge of the test at `index`: its change is stored and queued. */
  localBadgeAt(index: number): Locator {
    return this.testsList()
      .nth(index)
      .getByRole('status', { name: text(this.lang, 'sync', 'state.local') });
  }

  test(title: string): Locator {
    return this.testsList()
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) })
      .first();
  }

  async setStatusAt(index: number, status: 'done' | 'unchecked' | 'notCompleted'): Promise<void> {
    await this.testsList()
      .nth(index)
      .getByRole('radio', { name: this.t(`status.${status}`), exact: true })
      .check();
  }

  async setStatus(title: string, status: 'done' | 'unchecked' | 'notCompleted'): Promise<void> {
    await this.test(title)
      .getByRole('radio', { name: this.t(`status.${status}`), exact: true })
      .check();
  }

  async sendPlan(confirmIncomplete: boolean): Promise<void> {
    await this.button(this.t('plan.send')).click();
    if (confirmIncomplete)
      await this.page
        .getByRole('alertdialog')
        .getByRole('button', { name: this.t('plan.sendAnyway') })
        .click();
  }

  successDialog(): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t('plan.sent') });
  }
}
