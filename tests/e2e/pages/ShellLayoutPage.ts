// The signed-in frame: app bar title, menu drawer, navigation.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellPage } from './ShellPage';

export class ShellLayoutPage extends ShellPage {
  /** The terms of use shown instead of the app until approved; approving opens the app. */
  async approveTerms(): Promise<void> {
    const terms = this.page.getByRole('region', { name: text(this.lang, 'terms', 'title') });
    await this.waitVisible(terms);
    await terms.getByRole('button', { name: text(this.lang, 'terms', 'approve') }).click();
    await this.waitVisible(terms.getByRole('alert'));
    await terms.getByRole('checkbox', { name: text(this.lang, 'terms', 'agree') }).check();
    await terms.getByRole('button', { name: text(this.lang, 'terms', 'approve') }).click();
    await terms.waitFor({ state: 'detached' });
  }

  lang = 'he';

  title(routeId: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: text(this.lang, 'routes', routeId) });
  }

  async waitForRoute(routeId: string, timeoutMs = 20_000): Promise<void> {
    await this.waitVisible(this.title(routeId), timeoutMs);
  }

  async openMenu(): Promise<void> {
    await this.button(text(this.lang, 'shell', 'menu.open')).click();
    await this.waitVisible(this.page.getByRole('navigation', { name: text(this.lang, 'shell', 'menu.title') }));
  }

  /** The drawer's menu (open it first). */
  menu(): Locator {
    return this.page.getByRole('navigation', { name: text(this.lang, 'shell', 'menu.title') });
  }

  /** The menu's group headings, in order (src/app/routeTable.ts menuGroups). */
  async menuGroupHeadings(): Promise<string[]> {
    return this.menu().getByRole('heading', { level: 2 }).allTextContents();
  }

  /** The links of one group of the menu, named by its heading. */
  menuGroup(group: string): Locator {
    return this.menu().getByRole('list', { name: text(this.lang, 'shell', `menu.groups.${group}`) });
  }

  /** Client-side navigation through the drawer (no reload). */
  async navigateTo(routeId: string): Promise<void> {
    await this.openMenu();
    await this.page
      .getByRole('navigation', { name: text(this.lang, 'shell', 'menu.title') })
      .getByRole('link', { name: text(this.lang, 'routes', routeId) })
      .click();
    await this.waitForRoute(routeId);
  }

  /** "Building X was not taken offline — connect and take the day offline" (session/BuildingNotTaken.tsx). */
  notTaken(buildingName: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text(this.lang, 'sync', 'notTaken.message', { name: buildingName }) });
  }

  pathname(): string {
    return new URL(this.page.url()).pathname;
  }
}
