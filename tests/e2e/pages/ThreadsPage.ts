// A tenant's conversations with the committee or the office (/threads, /threads/new, /threads/:id; issue 31 item 2).
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import type { PhotoFile } from './photoFile';
import { ShellLayoutPage } from './ShellLayoutPage';

const THREAD_PATH = /\/threads\/([0-9a-f-]{36})$/;

export class ThreadsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'threads', key, values);
  }

  async openList(): Promise<void> {
    await this.goto('/threads');
    await this.waitVisible(this.heading(this.t('title'), 1).first());
  }

  async openNew(): Promise<void> {
    await this.page.getByRole('link', { name: this.t('new') }).click();
    await this.waitVisible(this.heading(this.t('new'), 1).first());
  }

  pickedPhotos(): Locator {
    return this.page.getByRole('region', { name: text(this.lang, 'serviceCalls', 'photos.picked') }).getByRole('listitem');
  }

  /** Fills and sends a new thread; returns its id (from the address it lands on). */
  async write(input: { addressee: 'committee' | 'office'; subject: string; text: string; photos: PhotoFile[] }): Promise<string> {
    await this.page.getByRole('radio', { name: this.t(`to.${input.addressee}`) }).check();
    await this.page.getByLabel(this.t('subjectLabel'), { exact: true }).fill(input.subject);
    await this.page.getByLabel(this.t('textLabel'), { exact: true }).fill(input.text);
    await this.page.getByLabel(text(this.lang, 'serviceCalls', 'photos.gallery')).setInputFiles(input.photos);
    await this.waitForCount(this.pickedPhotos(), input.photos.length);
    await this.page.getByRole('button', { name: this.t('send') }).click();
    await this.page.waitForURL(THREAD_PATH);
    return THREAD_PATH.exec(this.page.url())?.[1] ?? '';
  }

  messages(): Locator {
    return this.page.getByRole('region', { name: this.t('messagesTitle') }).getByRole('listitem');
  }

  photos(): Locator {
    return this.page.getByRole('region', { name: this.t('messagesTitle') }).getByRole('img');
  }

  /** The menu's link to the conversations, with its unread badge when there is one. */
  menuLink(): Locator {
    return this.page
      .getByRole('navigation', { name: text(this.lang, 'shell', 'menu.title') })
      .getByRole('link', { name: text(this.lang, 'routes', 'threads') });
  }

  unreadBadge(count: number): string {
    return text(this.lang, 'messages', 'unread', { count });
  }
}
