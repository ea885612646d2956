// The documents list (/documents) and the building bylaws (/regulations), by role and translated name.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class DocumentsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'documents', key, values);
  }

  async open(): Promise<void> {
    await this.goto('/documents');
    await this.waitForRoute('documents');
  }

  card(title: string): Locator {
    return this.page.getByRole('listitem', { name: title });
  }

  searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: this.t('search') });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** Fills the upload form and waits until the new document is in the list. */
  async upload(d: { title: string; kind: string; file: string }): Promise<void> {
    await this.button(this.t('upload.open')).click();
    const form = this.dialog(this.t('upload.title'));
    await this.waitVisible(form);
    await form.getByRole('textbox', { name: this.t('upload.docTitle') }).fill(d.title);
    await form.getByRole('combobox', { name: this.t('upload.kind') }).selectOption({ label: this.t(`kinds.${d.kind}`) });
    await form.getByLabel(this.t('upload.file')).setInputFiles(d.file);
    await form.getByRole('button', { name: this.t('upload.action') }).click();
    await this.waitVisible(this.card(d.title));
    await this.resultClosed(this.t('upload.done'));
  }

  async sendByEmail(title: string, to: string): Promise<void> {
    await this.card(title)
      .getByRole('button', { name: this.t('sendOf', { title }) })
      .click();
    const form = this.dialog(this.t('send.title', { title }));
    await this.waitVisible(form);
    await form.getByRole('textbox', { name: this.t('send.to') }).fill(to);
    await form.getByRole('button', { name: this.t('send.action') }).click();
  }

  /** A tenant's send dialog: the addresses it offers to choose from (no address may be typed). */
  async sendChoices(title: string): Promise<string[]> {
    await this.card(title)
      .getByRole('button', { name: this.t('sendOf', { title }) })
      .click();
    const form = this.dialog(this.t('send.title', { title }));
    const choice = form.getByRole('combobox', { name: this.t('send.to') });
    await this.waitVisible(choice);
    if ((await form.getByRole('textbox', { name: this.t('send.to') }).count()) > 0) throw new Error('a tenant may type an address');
    return choice.locator('option').allTextContents();
  }

  /** The success dialog closes by itself; the screen is usable again once it has. */
  async resultClosed(message: string): Promise<void> {
    const notice = this.page.getByText(message);
    await this.waitVisible(notice);
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
  }

  sentNotice(to: string): Locator {
    return this.page.getByText(this.t('send.sent', { to }));
  }

  /** The bylaws screen's current version: its heading and the embedded file. */
  currentBylaws(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** The file shown in the app: a PDF's page drawn by pdf.js, or the image. */
  embedded(title: string): Locator {
    return this.page.locator(`canvas[data-rendered="true"][aria-label^="${title},"], img[alt="${title}"]`);
  }
}
