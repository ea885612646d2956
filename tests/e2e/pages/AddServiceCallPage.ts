// The new-call form (/add-service-calls/:bid?).
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import type { PhotoFile } from './ServiceCallPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export type NewCallInput = { domain: string; description: string; subject?: string; priority?: string; photos?: PhotoFile[] };

const CALL_PATH = /\/service-call\/([0-9a-f-]{36})$/;

export class AddServiceCallPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'serviceCalls', key, values);
  }

  async open(buildingId?: number): Promise<void> {
    await this.goto(buildingId === undefined ? '/add-service-calls' : `/add-service-calls/${buildingId}`);
    await this.waitVisible(this.heading(this.t('add.title'), 2));
  }

  field(key: string): Locator {
    return this.page.getByLabel(this.t(key), { exact: true });
  }

  pickedPhotos(): Locator {
    return this.page.getByRole('region', { name: this.t('photos.picked') }).getByRole('listitem');
  }

  async attachPhotos(photos: PhotoFile[]): Promise<void> {
    const before = await this.pickedPhotos().count();
    await this.page.getByLabel(this.t('photos.gallery')).setInputFiles(photos);
    await this.waitVisible(this.pickedPhotos().nth(before + photos.length - 1));
    await this.waitForCount(this.pickedPhotos(), before + photos.length);
  }

  async fill(call: NewCallInput): Promise<void> {
    await this.field('field.domain').selectOption({ label: this.t(`domain.${call.domain}`) });
    if (call.priority) await this.field('field.priority').selectOption({ label: this.t(`priority.${call.priority}`) });
    if (call.subject) await this.field('field.subject').fill(call.subject);
    await this.field('field.description').fill(call.description);
    if (call.photos?.length) await this.attachPhotos(call.photos);
  }

  /** Submits; returns the new call's client id from the page it lands on. */
  async submit(): Promise<string> {
    await this.button(this.t('add.submit')).click();
    const dialog = this.page.getByRole('dialog').filter({ hasText: this.t('feedback.created') });
    await this.waitVisible(dialog);
    await this.page.keyboard.press('Escape');
    await this.page.waitForURL(CALL_PATH);
    const id = CALL_PATH.exec(new URL(this.page.url()).pathname)?.[1];
    if (!id) throw new Error(`not on a call page: ${this.page.url()}`);
    return id;
  }

  joinNotice(): Locator {
    return this.page.getByText(this.t('join.explain'));
  }
}
