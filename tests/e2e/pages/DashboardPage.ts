// The buildings dashboard (/buildings; "/" for management staff, whose home it is): search, order, the building rows and the current building's profile.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';
import { escapeRegExp } from './SyncScreenPage';

export class DashboardPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'buildings', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/buildings');
    await this.waitForRoute('dashboard');
  }

  searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: this.t('list.search') });
  }

  orderSelect(): Locator {
    return this.page.getByLabel(this.t('list.order'), { exact: true });
  }

  /** Building rows are toggle buttons named by their text (name, address, open calls). */
  rows(): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${escapeRegExp(this.t('list.title'))}`) }).getByRole('button');
  }

  row(name: string): Locator {
    return this.rows().filter({ hasText: name });
  }

  async select(name: string): Promise<void> {
    await this.row(name).first().click();
    await this.waitVisible(this.profileHeading(name));
  }

  /** The current building's card heading (level 2). */
  profileHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name, exact: true });
  }

  quickLinks(name: string): Locator {
    return this.page.getByRole('navigation', { name: this.t('profile.quickLinks', { name }) });
  }

  emptyState(): Locator {
    return this.page.getByText(this.t('list.emptyTitle'));
  }
}
