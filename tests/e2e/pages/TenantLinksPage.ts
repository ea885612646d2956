// The office's registration links (/tenant-links): make, copy or share, and revoke a tenant's link.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class TenantLinksPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'tenantLinks', key, values);
  }

  async choose(label: string, option: string): Promise<void> {
    await this.page.getByLabel(this.t(label), { exact: true }).selectOption({ label: option });
  }

  links(): Locator {
    return this.page.getByRole('list', { name: this.t('listTitle') }).getByRole('listitem');
  }

  /** The link's address as shown (and copied) for an apartment. */
  linkText(number: string): Locator {
    return this.page.getByRole('textbox', { name: this.t('linkOf', { number }) });
  }
}
