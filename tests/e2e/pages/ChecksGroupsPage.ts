// /checks (ChecksPage): the payments still to fill.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class ChecksGroupsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'checks', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/checks');
    await this.waitForRoute('checksPage');
  }

  groups(): Locator {
    return this.page.getByRole('list', { name: this.t('groups.listLabel') }).getByRole('listitem');
  }

  openButton(name: string): Locator {
    return this.button(this.t('groups.open', { name }));
  }
}
