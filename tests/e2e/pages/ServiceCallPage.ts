// One service call (/service-call/:pid, the detail pane of the list screen): its facts, updates,
// status, closing, and the per-record sync badge.
import type { Locator } from 'playwright-core';
import { pollUntil } from './poll';
import { STATE_TIMEOUT_MS } from './BasePage';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';
import { escapeRegExp } from './SyncScreenPage';

import type { PhotoFile } from './photoFile';

export type { PhotoFile };

export class ServiceCallPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'serviceCalls', key, values);
  }

  async open(id: string): Promise<void> {
    await this.goto(`/service-call/${id}`);
    await this.waitVisible(this.callHeading());
  }

  /** "Call 1234" or "New call (number pending)". */
  callHeading(): Locator {
    const numbered = escapeRegExp(this.t('detail.title', { number: '' }).trim());
    return this.page.getByRole('heading', { level: 2, name: new RegExp(`^(${numbered}|${escapeRegExp(this.t('detail.titlePending'))})`) });
  }

  /** The value of a fact, e.g. fact('status'). */
  fact(field: string): Locator {
    return this.page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escapeRegExp(this.t(`field.${field}`))}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }

  /** Waits until the status fact reads the translated `status` (it follows the stored row, after a success message). */
  async expectStatus(status: string, timeoutMs?: number): Promise<void> {
    await this.expectText(this.fact('status'), this.t(`status.${status}`), timeoutMs);
  }

  /** The call's own sync badge (in the heading row), by its translated state. */
  badge(state: 'local' | 'sent' | 'synced' | 'attention'): Locator {
    return this.page.getByRole('status', { name: text(this.lang, 'sync', `state.${state}`), exact: true }).first();
  }

  async dismissSuccess(message: string): Promise<void> {
    const dialog = this.page.getByRole('dialog').filter({ hasText: message });
    await this.waitVisible(dialog);
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }

  updateForm(): Locator {
    return this.page.getByRole('form', { name: this.t('updates.add') });
  }

  async addUpdate(updateText: string, photos: PhotoFile[] = []): Promise<void> {
    const form = this.updateForm();
    await form.getByLabel(this.t('updates.text'), { exact: true }).fill(updateText);
    if (photos.length > 0) {
      await form.getByLabel(this.t('photos.gallery')).setInputFiles(photos);
      await this.waitVisible(form.getByRole('button', { name: this.t('photos.photoName', { index: photos.length }), exact: false }));
    }
    await form.getByRole('button', { name: this.t('updates.add') }).click();
    await this.dismissSuccess(this.t('feedback.updateAdded'));
  }

  update(textInUpdate: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: textInUpdate });
  }

  statusSelect(): Locator {
    return this.page.getByLabel(this.t('actions.newStatus'), { exact: true });
  }

  /** The statuses the select offers (labels), without the placeholder. */
  async offeredStatuses(): Promise<string[]> {
    return (await this.statusSelect().locator('option').allTextContents()).slice(1);
  }

  /** Waits until the select offers exactly these statuses (translated labels, in order). */
  async expectOfferedStatuses(statuses: readonly string[], timeoutMs = STATE_TIMEOUT_MS): Promise<void> {
    const labels = statuses.map((s) => this.t(`status.${s}`));
    await pollUntil(() => this.offeredStatuses(), labels, { timeout: timeoutMs, message: 'the statuses offered' });
  }

  async changeStatus(status: string): Promise<void> {
    const label = this.t(`status.${status}`);
    await this.statusSelect().selectOption({ label });
    await this.button(this.t('actions.changeStatus')).click();
    await this.dismissSuccess(this.t('feedback.statusChanged', { status: label }));
  }

  /** Close with confirmation; when the closing message is offered, sends it (or not). */
  async closeCall(options: { message?: boolean } = {}): Promise<void> {
    await this.button(this.t('actions.close')).click();
    const confirm = this.page.getByRole('alertdialog', { name: this.t('confirm.close.title') });
    await confirm.getByRole('button', { name: this.t('confirm.close.confirm') }).click();
    const closing = this.page.getByRole('dialog', { name: this.t('closing.title') });
    const success = this.page.getByRole('dialog').filter({ hasText: this.t('feedback.closed') });
    await this.waitVisible(closing.or(success));
    if (await closing.isVisible()) {
      await closing.getByRole('button', { name: this.t(options.message === false ? 'closing.withoutMessage' : 'closing.withMessage') }).click();
    }
    await this.dismissSuccess(this.t('feedback.closed'));
  }

  translateButton(): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${escapeRegExp(this.t('translate.button', { language: '' }).trim())}`) });
  }
}
