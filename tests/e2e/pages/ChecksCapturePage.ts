// /check-capture (CheckCapture): camera or gallery input, preview, retake, the new check's details.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

import type { PhotoFile } from './photoFile';

export type { PhotoFile };

export class ChecksCapturePage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'checks', key, values);
  }

  async waitForScreen(): Promise<void> {
    await this.waitForRoute('checkCapture');
  }

  camera(): Locator {
    return this.page.getByLabel(this.t('capture.camera'));
  }

  gallery(): Locator {
    return this.page.getByLabel(this.t('capture.gallery'));
  }

  preview(): Locator {
    return this.page.getByRole('img', { name: this.t('capture.previewAlt') });
  }

  async takePhoto(file: PhotoFile): Promise<void> {
    await this.camera().setInputFiles(file);
    await this.waitVisible(this.preview(), 30_000);
  }

  amount(): Locator {
    return this.page.getByLabel(this.t('check.amount'));
  }

  async saveCheck(amount: string): Promise<void> {
    await this.amount().fill(amount);
    await this.button(this.t('capture.saveCheck')).click();
    await this.waitVisible(this.button(this.t('capture.skipBack')));
  }

  async skipBack(): Promise<void> {
    await this.button(this.t('capture.skipBack')).click();
  }
}
