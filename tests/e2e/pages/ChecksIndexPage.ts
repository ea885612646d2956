// /checksindex: payer pickers, incomplete payments, the debts to choose and "pay by checks".
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class ChecksIndexPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'checks', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/checksindex');
    await this.waitForRoute('checksIndex');
  }

  select(key: 'building' | 'apartment' | 'contact'): Locator {
    return this.page.getByLabel(this.t(`index.${key}`), { exact: true });
  }

  /** Picks by the visible option text that contains `partial` (names and numbers are enough). */
  async choose(key: 'building' | 'apartment' | 'contact', partial: string): Promise<void> {
    const select = this.select(key);
    const option = select.locator('option').filter({ hasText: partial }).first();
    await option.waitFor({ state: 'attached', timeout: 20_000 });
    await select.selectOption({ label: (await option.textContent()) ?? '' });
  }

  debts(): Locator {
    return this.page.getByRole('group', { name: this.t('index.debtsTitle') }).getByRole('checkbox');
  }

  payByChecks(): Locator {
    return this.button(this.t('index.payByChecks'));
  }

  continueButton(): Locator {
    return this.button(this.t('index.continue'));
  }
}
