// Contact search (/search-contact): the query, its detected kind, the scope and the results.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class SearchContactPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'contacts', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/search-contact');
    await this.waitForRoute('searchContact');
  }

  searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: this.t('search.label') });
  }

  async search(query: string): Promise<void> {
    await this.searchBox().fill(query);
  }

  scope(which: 'all' | string): Locator {
    return this.page.getByRole('radio', { name: which === 'all' ? this.t('search.allBuildings') : which });
  }

  /** The line that says how the query is read (phone, e-mail, Hebrew text…). */
  kind(key: string): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(key) });
  }

  result(fullName: string): Locator {
    return this.main()
      .getByRole('listitem')
      .filter({ hasText: fullName })
      .filter({ has: this.page.getByRole('link') });
  }

  callLink(fullName: string): Locator {
    return this.page.getByRole('link', { name: text(this.lang, 'common', 'contact.call', { name: fullName }) });
  }

  whatsAppLink(fullName: string): Locator {
    return this.page.getByRole('link', { name: text(this.lang, 'common', 'contact.whatsapp', { name: fullName }) });
  }
}
