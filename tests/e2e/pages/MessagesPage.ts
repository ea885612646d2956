// /messages (compose and the sent list) and /announcements (the board), by role and translated name.
import type { Locator } from 'playwright-core';
import { BasePage } from './BasePage';
import { text } from './LoginPage';

export class MessagesPage extends BasePage {
  lang = 'he';

  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'messages', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/messages');
    await this.waitVisible(this.heading(this.t('title'), 2));
  }

  async compose(d: { subject: string; body: string; renters?: boolean; owners?: boolean; channels: ('email' | 'sms' | 'push')[] }): Promise<void> {
    await this.page.getByRole('textbox', { name: this.t('subject') }).fill(d.subject);
    await this.page.getByRole('textbox', { name: this.t('body') }).fill(d.body);
    if (d.owners) await this.page.getByRole('checkbox', { name: this.t('owners') }).check();
    if (d.renters) await this.page.getByRole('checkbox', { name: this.t('renters') }).check();
    for (const c of d.channels) await this.page.getByRole('checkbox', { name: new RegExp(`^${this.t(`channel.${c}`)}`) }).check();
  }

  async send(): Promise<void> {
    await this.button(this.t('send')).click();
  }

  sentItem(subject: string): Locator {
    return this.page.getByRole('listitem', { name: subject });
  }
}
