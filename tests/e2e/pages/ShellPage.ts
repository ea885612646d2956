import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';

/** The app shell as loaded at any route: the React root renders a main landmark. */
export class ShellPage extends BasePage {
  /** Inside #root, so a browser error page (offline without a service worker) never counts as the app. */
  appMain(): Locator {
    return this.page.locator('#root').getByRole('main');
  }

  async waitForApp(timeoutMs = 20_000): Promise<void> {
    await this.waitVisible(this.appMain(), timeoutMs);
  }
}
