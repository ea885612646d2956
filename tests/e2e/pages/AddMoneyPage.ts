// The quick-charge screen (/add-money): staff charge an apartment or all apartments of a building.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class AddMoneyPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'charges', key, values);
  }

  async choose(label: string, option: string): Promise<void> {
    await this.page.getByLabel(this.t(label), { exact: true }).selectOption({ label: option });
  }

  async fill(description: string, amount: string, dueDate: string): Promise<void> {
    await this.textbox(this.t('description')).fill(description);
    await this.textbox(this.t('amount')).fill(amount);
    await this.page.getByLabel(this.t('dueDate')).fill(dueDate);
  }

  reason(id: 'special' | 'other'): Locator {
    return this.page.getByRole('radio', { name: this.t(`reasons.${id}`) });
  }

  save(): Locator {
    return this.button(this.t('save'));
  }

  sent(): Locator {
    return this.page.getByRole('list', { name: this.t('sent') }).getByRole('listitem');
  }
}
