// The service-calls list (/service-calls/:bid?): tabs, search, order, refresh and the rows, found by
// role and the translated names of the active language.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';
import { escapeRegExp, plural } from './SyncScreenPage';

export class ServiceCallsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'serviceCalls', key, values);
  }

  async open(buildingId?: number | 'all'): Promise<void> {
    await this.goto(buildingId === undefined ? '/service-calls' : `/service-calls/${buildingId}`);
    await this.waitForRoute('serviceCalls');
  }

  tab(name: 'open' | 'closed' | 'planned'): Locator {
    return this.page.getByRole('tab', { name: this.t(`tab.${name}`) });
  }

  panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  /** The call rows: links named by the row's text. */
  rows(): Locator {
    return this.panel().getByRole('link');
  }

  row(textInRow: string | RegExp): Locator {
    return this.rows().filter({ hasText: textInRow });
  }

  /** Waits for the first row, or (with `count`) until exactly `count` rows show. */
  async waitForRows(count?: number, timeoutMs?: number): Promise<void> {
    if (count === undefined) await this.waitVisible(this.rows(), timeoutMs);
    else await this.waitForCount(this.rows(), count, timeoutMs);
  }

  empty(): Locator {
    return this.panel().getByText(this.t('list.empty'));
  }

  searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: this.t('list.search') });
  }

  orderSelect(): Locator {
    return this.page.getByLabel(this.t('list.order'), { exact: true });
  }

  refreshButton(): Locator {
    return this.button(this.t('list.refresh'));
  }

  openCount(count: number): Locator {
    return this.page.getByRole('status').filter({ hasText: new RegExp(`^${escapeRegExp(plural(this.lang, 'serviceCalls', 'list.openCount', count))}$`) });
  }

  /** The call id a row links to. */
  async idOf(row: Locator): Promise<string> {
    const href = (await row.first().getAttribute('href')) ?? '';
    const id = /\/service-call\/([0-9a-f-]{36})$/.exec(href)?.[1];
    if (!id) throw new Error(`row has no call link: ${href}`);
    return id;
  }
}
