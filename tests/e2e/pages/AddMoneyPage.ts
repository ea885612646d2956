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

  /** `dueDate` as a user types it, dd/mm/yyyy (the shared date field of every language). */
  async fill(description: string, amount: string, dueDate: string): Promise<void> {
    await this.textbox(this.t('description')).fill(description);
    await this.textbox(this.t('amount')).fill(amount);
    await this.dueDate().fill(dueDate);
  }

  dueDate(): Locator {
    return this.textbox(this.t('dueDate'));
  }

  /** The button beside the due date that opens its calendar. */
  calendarButton(): Locator {
    return this.button(text(this.lang, 'common', 'dateField.openCalendar'));
  }

  /** The open calendar of the due date (named by the field and the month shown). */
  calendar(): Locator {
    return this.page.getByRole('dialog', { name: this.t('dueDate') });
  }

  /** A day button of the open calendar, named by its weekday and dd/mm/yyyy. */
  day(name: string): Locator {
    return this.calendar().getByRole('button', { name, exact: true });
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
