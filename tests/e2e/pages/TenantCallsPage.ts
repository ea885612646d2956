// A tenant's reports (/my-reports, /my-reports/new, /my-reports/:id; issue 31).
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import type { PhotoFile } from './photoFile';
import { ShellLayoutPage } from './ShellLayoutPage';

const CALL_PATH = /\/my-reports\/([0-9a-f-]{36})$/;

export class TenantCallsPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'tenantCalls', key, values);
  }

  calls(key: string): string {
    return text(this.lang, 'serviceCalls', key);
  }

  async openList(): Promise<void> {
    await this.goto('/my-reports');
    await this.waitVisible(this.heading(this.t('title'), 1).first());
  }

  async openNew(): Promise<void> {
    await this.page.getByRole('link', { name: this.t('new') }).click();
    await this.waitVisible(this.heading(this.t('new'), 1).first());
  }

  pickedPhotos(): Locator {
    return this.page.getByRole('region', { name: this.calls('photos.picked') }).getByRole('listitem');
  }

  /** Fills and sends a report; returns the new call's id (from the address it lands on). */
  async report(input: { area: 'apartment' | 'common'; domain: string; description: string; photos: PhotoFile[] }): Promise<string> {
    await this.page.getByRole('radio', { name: this.t(`area.${input.area}`) }).check();
    await this.page.getByLabel(this.t('domainLabel'), { exact: true }).selectOption({ label: this.calls(`domain.${input.domain}`) });
    await this.page.getByLabel(this.t('descriptionLabel'), { exact: true }).fill(input.description);
    await this.page.getByLabel(this.calls('photos.gallery')).setInputFiles(input.photos);
    await this.waitForCount(this.pickedPhotos(), input.photos.length);
    await this.page.getByRole('button', { name: this.t('send') }).click();
    await this.page.waitForURL(CALL_PATH);
    return CALL_PATH.exec(this.page.url())?.[1] ?? '';
  }

  updates(): Locator {
    return this.page.getByRole('region', { name: this.t('updatesTitle') }).getByRole('listitem');
  }

  photos(): Locator {
    return this.page.getByRole('region', { name: this.t('photosTitle') }).getByRole('img');
  }
}
