// The counters of a building (/electricity-meter/:bid): cards named "Counter <number>".
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class MetersPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'meters', key, values);
  }

  async open(buildingId: number): Promise<void> {
    await this.goto(`/electricity-meter/${buildingId}`);
    await this.waitForRoute('electricityMeter');
  }

  card(number: string): Locator {
    return this.page.getByRole('listitem', { name: this.t('meter.label', { number }), exact: true });
  }

  async openReadings(number: string): Promise<void> {
    await this.page.getByRole('link', { name: this.t('actions.readingsOf', { number }) }).click();
    await this.waitForRoute('readingList');
  }

  addButton(): Locator {
    return this.button(this.t('actions.add'));
  }

  priceButton(): Locator {
    return this.button(new RegExp(`^(${this.t('price.set')}|${this.t('price.change')})$`));
  }
}
