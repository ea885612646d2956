import { BasePage } from './BasePage';

/** The app shell as loaded at any route: the React root renders a main landmark. */
export class ShellPage extends BasePage {
  async waitForApp(timeoutMs = 15_000): Promise<void> {
    await this.waitVisible(this.main(), timeoutMs);
  }
}
