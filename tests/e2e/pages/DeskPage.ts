// The tenant's "waiting at the desk" (/desk) and the front desk's pre-approved visitors (/reception).
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class DeskPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'desk', key, values);
  }

  r(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'reception', key, values);
  }

  /** An item waiting for the tenant, by its label (kind · number). */
  waitingItem(label: string): Locator {
    return this.page.getByRole('list', { name: this.t('items.title') }).getByRole('listitem', { name: label });
  }

  async approveVisitor(name: string, note: string): Promise<void> {
    await this.textbox(this.t('visitors.name')).fill(name);
    await this.textbox(this.t('visitors.note')).fill(note);
    await this.button(this.t('visitors.approve')).click();
  }

  approvedVisitor(name: string): Locator {
    return this.page.getByRole('list', { name: this.t('visitors.list') }).getByRole('listitem', { name });
  }

  /** At the desk: a visitor a tenant pre-approved for today. */
  expectedVisitor(name: string): Locator {
    return this.page.getByRole('list', { name: this.r('expected.list') }).getByRole('listitem', { name });
  }

  loggedVisitor(name: string): Locator {
    return this.page.getByRole('list', { name: this.r('visitors.log') }).getByRole('listitem', { name });
  }
}
