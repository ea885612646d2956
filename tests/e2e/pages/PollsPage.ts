// A building's polls (/polls/:bid?): the committee opens and closes them, tenants vote and see results.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class PollsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'polls', key, values);
  }

  newPoll(): Locator {
    return this.button(this.t('newPoll'));
  }

  question(): Locator {
    return this.textbox(this.t('question'));
  }

  option(n: number): Locator {
    return this.textbox(this.t('optionN', { n }));
  }

  /** The closing date (dd/mm/yyyy) and time (hh:mm) of the new poll. */
  async closesAt(date: string, time: string): Promise<void> {
    const group = this.page.getByRole('group', { name: this.t('closesAt') });
    await group.getByRole('textbox', { name: text(this.lang, 'common', 'dateField.date') }).fill(date);
    await group.getByRole('textbox', { name: text(this.lang, 'common', 'dateField.time') }).fill(time);
  }

  open(): Locator {
    return this.button(this.t('open'));
  }

  /** A poll's card, by its question. */
  poll(question: string): Locator {
    return this.page.getByRole('article', { name: question });
  }

  choice(question: string, label: string): Locator {
    return this.poll(question).getByRole('radio', { name: label });
  }
}
