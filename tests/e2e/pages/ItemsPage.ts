// Keys and mail items (/keys, /mail-items, /add-key, /add-mail-item): one page model, like the screens.
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

export type ItemKind = 'keys' | 'mailItems';

export class ItemsPage extends ShellLayoutPage {
  constructor(
    page: ConstructorParameters<typeof ShellLayoutPage>[0],
    baseUrl: string,
    readonly kind: ItemKind,
  ) {
    super(page, baseUrl);
  }

  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'items', key, values);
  }

  tab(status: 'pending' | 'delivered'): Locator {
    const label = this.t(`tabs.${status}`, { n: 0 }).split('(')[0]?.trim() ?? '';
    return this.page.getByRole('tab', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
  }

  card(number: string): Locator {
    return this.page.getByRole('listitem', { name: this.t(`${this.kind}.label`, { number }), exact: true });
  }

  /** The new item form's apartment choices (the first is "no apartment"). */
  apartmentOptions(): Locator {
    return this.page.getByLabel(this.t('form.apartment'), { exact: true }).locator('option');
  }

  async openAdd(): Promise<void> {
    await this.goto(this.kind === 'keys' ? '/add-key' : '/add-mail-item');
    await this.waitForRoute(this.kind === 'keys' ? 'addKey' : 'addMailItem');
  }

  async startAdding(): Promise<void> {
    await this.page.getByRole('link', { name: this.t(`${this.kind}.add`) }).click();
    await this.waitForRoute(this.kind === 'keys' ? 'addKey' : 'addMailItem');
  }

  async fillItem(input: { number: string; description?: string; apartment?: string }): Promise<void> {
    if (input.apartment)
      await this.page.getByLabel(this.t('form.apartment'), { exact: true }).selectOption({ label: this.t('apartment', { number: input.apartment }) });
    await this.page.getByLabel(this.t(`${this.kind}.number`), { exact: true }).fill(input.number);
    if (input.description !== undefined) {
      const label = this.kind === 'keys' ? this.t('form.description') : this.t('form.descriptionOptional');
      await this.page.getByLabel(label, { exact: true }).fill(input.description);
    }
  }

  async save(): Promise<void> {
    await this.button(this.t(`${this.kind}.save`)).click();
  }

  successDialog(key: string): Locator {
    return this.page.getByRole('status').filter({ hasText: this.t(key) });
  }

  /** `signed`: the recipient draws a signature on the pad with a finger (a few strokes of the pointer). */
  async handOver(number: string, to: string, options: { signed?: boolean } = {}): Promise<void> {
    await this.button(this.t(`${this.kind}.handoverOf`, { number })).click();
    const dialog = this.page.getByRole('dialog', { name: this.t(`${this.kind}.handoverTitle`, { number }) });
    await dialog.getByLabel(this.t('handover.deliveredTo'), { exact: true }).fill(to);
    if (options.signed) {
      const pad = dialog.getByRole('img', { name: this.t('handover.signature') });
      const box = await pad.boundingBox();
      if (!box) throw new Error('the signature pad is not on the screen');
      await this.page.mouse.move(box.x + 20, box.y + box.height / 2);
      await this.page.mouse.down();
      for (let i = 1; i <= 8; i += 1) await this.page.mouse.move(box.x + 20 + i * 15, box.y + box.height / 2 + (i % 2 ? -12 : 12));
      await this.page.mouse.up();
    }
    await dialog.getByRole('button', { name: this.t('handover.submit') }).click();
    await this.page
      .getByRole('alertdialog')
      .getByRole('button', { name: this.t('handover.confirm') })
      .click();
  }
}
