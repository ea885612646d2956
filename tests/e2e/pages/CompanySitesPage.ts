// The management company's sites (/company-sites), the offer a start-up link's `site` brings, and the
// profile's "Company site" choice.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class CompanySitesPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'companySite', key, values);
  }

  addressField(): Locator {
    return this.page.getByRole('textbox', { name: this.t('manage.address') });
  }

  siteList(): Locator {
    return this.page.getByRole('list', { name: this.t('manage.listLabel') });
  }

  async add(address: string): Promise<void> {
    await this.addressField().fill(address);
    await this.button(this.t('manage.add')).click();
  }

  /** The dialog offering to continue in the app or on the site. */
  offer(): Locator {
    return this.page.getByRole('dialog', { name: this.t('offer.title') });
  }

  /**
   * Opens the app as a link from a company's site does: `/?site=<address>`. An https address is checked
   * against the company's list: this resolves once the app has its answer. Any other is dropped unasked.
   */
  async openFromSite(site: string): Promise<void> {
    const checked = site.startsWith('https://');
    const asked = checked
      ? this.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/binyan/company/sites' && r.request().method() === 'GET')
      : null;
    await this.goto(`/?site=${encodeURIComponent(site)}`);
    if (asked) await (await asked).finished();
  }

  profileChoice(host: string): Locator {
    return this.page.getByRole('region', { name: this.t('profile.title') }).getByRole('combobox', { name: this.t('profile.when', { host }) });
  }
}
