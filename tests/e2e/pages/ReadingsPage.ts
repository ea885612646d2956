// The readings of one counter (/reading-report/:bid/:meterid) and the new-reading form.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export class ReadingsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'meters', key, values);
  }

  form(): Locator {
    return this.page.getByRole('dialog').filter({ has: this.page.locator('#reading-form') });
  }

  /** The readings of the counter (the "Readings" region's list), newest first. */
  readings(): Locator {
    return this.page.getByRole('region', { name: this.t('reading.listTitle'), exact: true }).getByRole('listitem');
  }

  /** Waits until the list shows exactly `count` readings (it renders after the screen's heading). */
  async waitForReadings(count: number, timeoutMs?: number): Promise<void> {
    await this.waitForCount(this.readings(), count, timeoutMs);
  }

  async startNewReading(): Promise<void> {
    await this.button(this.t('reading.new')).click();
    await this.waitVisible(this.form());
  }

  async fillCurrent(value: number | string): Promise<void> {
    await this.form().getByLabel(this.t('reading.current'), { exact: true }).fill(String(value));
  }

  /** The camera input (capture="environment"); headless Chromium takes the file like a gallery pick. */
  async takePhoto(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.form().getByLabel(this.t('reading.camera'), { exact: true }).setInputFiles(file);
    await this.waitVisible(this.form().getByRole('img', { name: this.t('reading.photoPreview') }), 30_000);
  }

  consumption(): Locator {
    return this.form().getByText(new RegExp(`^${this.t('reading.consumption')}`));
  }

  async save(): Promise<void> {
    await this.form()
      .getByRole('button', { name: this.t('reading.save') })
      .click();
  }

  fieldError(message: string): Locator {
    return this.form().getByText(message, { exact: true });
  }

  successDialog(key: string): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(key) });
  }

  async deleteLatest(): Promise<void> {
    await this.button(this.t('reading.delete')).click();
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: this.t('reading.delete') })
      .click();
  }
}
