// The app-bar sync indicator and the Sync screen (/sync), found by role and the translated names of
// the active language.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { text } from './LoginPage';
import { ShellLayoutPage } from './ShellLayoutPage';

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/i18n/locales');

/** A counted text the way i18next picks it (`key_one`, `key_two`, `key_other`…), e.g. `sync:indicator.pending`. */
export function plural(lang: string, namespace: string, key: string, count: number): string {
  const tree = JSON.parse(readFileSync(path.join(localesDir, lang, `${namespace}.json`), 'utf8')) as Tree;
  const parts = key.split('.');
  const leaf = parts.pop() ?? key;
  const node = parts.reduce<string | Tree | undefined>((n, part) => (typeof n === 'object' ? n[part] : undefined), tree);
  if (typeof node !== 'object') throw new Error(`No texts ${lang}/${namespace}:${key}`);
  const form = new Intl.PluralRules(lang).select(count);
  const found = node[`${leaf}_${form}`] ?? node[`${leaf}_other`];
  if (typeof found !== 'string') throw new Error(`No text ${lang}/${namespace}:${key}_${form}`);
  return found.replace(/\{\{\s*count\s*\}\}/g, String(count));
}

function hasText(lang: string, namespace: string, key: string): boolean {
  const tree = JSON.parse(readFileSync(path.join(localesDir, lang, `${namespace}.json`), 'utf8')) as Tree;
  const found = key.split('.').reduce<string | Tree | undefined>((n, part) => (typeof n === 'object' ? n[part] : undefined), tree);
  return typeof found === 'string';
}

export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The exported black box (src/sync/replay/syncLog.ts `exportSyncLog`). */
export type ExportedSyncLog = {
  appVersion: string;
  outbox: Array<{ id: string; op: string; entityKey: string; state: string; attempts: number }>;
  log: Array<{
    at: string;
    entryId: string;
    entityKey: string;
    op: string;
    method: string;
    path: string;
    attempt: number;
    status: number | null;
    outcome: string;
  }>;
};

export class SyncScreenPage extends ShellLayoutPage {
  t(key: string, values?: Record<string, string | number>): string {
    return text(this.lang, 'sync', key, values);
  }

  /** The app-bar link whose name tells connectivity, the pending count and the attention count. */
  indicator(): Locator {
    return this.page.getByRole('banner').getByRole('link', { name: new RegExp(`^${escapeRegExp(this.t('indicator.label', { status: '' }))}`) });
  }

  /** The indicator's accessible name, as a screen reader announces it. */
  async indicatorName(): Promise<string> {
    const snapshot = await this.indicator().ariaSnapshot();
    // `- link "name"`, YAML-quoted as a whole when the name holds a colon: `- 'link "name"':`.
    return /link "((?:[^"\\]|\\.)*)"/.exec(snapshot)?.[1]?.replace(/\\(.)/g, '$1').replace(/''/g, "'") ?? '';
  }

  /** Waits until the app bar says `count` changes wait (0: "all changes sent"). */
  async waitForPending(count: number, timeoutMs = 20_000): Promise<void> {
    const part = count === 0 ? this.t('indicator.allSent') : plural(this.lang, 'sync', 'indicator.pending', count);
    await this.waitVisible(this.page.getByRole('banner').getByRole('link', { name: new RegExp(escapeRegExp(part)) }), timeoutMs);
  }

  /** Waits until the indicator's whole name is `status` (e.g. "Offline, 1 change waiting"). */
  async waitForIndicator(status: string, timeoutMs = 20_000): Promise<void> {
    await this.waitVisible(this.page.getByRole('banner').getByRole('link', { name: this.t('indicator.label', { status }), exact: true }), timeoutMs);
  }

  async waitForConnectivity(online: boolean, timeoutMs = 20_000): Promise<void> {
    const word = this.t(online ? 'indicator.online' : 'indicator.offline');
    const prefix = escapeRegExp(this.t('indicator.label', { status: '' }));
    await this.waitVisible(this.page.getByRole('banner').getByRole('link', { name: new RegExp(`^${prefix}${escapeRegExp(word)},`) }), timeoutMs);
  }

  /** Client-side: the app-bar indicator opens the Sync screen. */
  async open(): Promise<void> {
    await this.indicator().click();
    await this.waitForRoute('sync');
  }

  /** The card's title in the worker's words (src/features/sync/entryTitles.ts): the op's own phrase, or the table's. */
  entryTitle(op: string, table: string): string {
    const own = `titles.${table}.${op}`;
    return hasText(this.lang, 'sync', own) ? this.t(own) : this.t(`titles.${table}.other`);
  }

  /** An outbox entry card, e.g. entry('create', 'serviceCalls'). */
  entry(op: string, table: string): Locator {
    return this.main().getByRole('listitem', { name: this.entryTitle(op, table), exact: true });
  }

  /** "Waiting to be sent: 1 change and 2 photos" on the Sync screen. */
  queuedSummary(changes: number, photos: number): string {
    const parts = [
      ...(changes > 0 ? [plural(this.lang, 'sync', 'count.changes', changes)] : []),
      ...(photos > 0 ? [plural(this.lang, 'sync', 'count.photos', photos)] : []),
    ];
    return this.t('screen.queued', { what: new Intl.ListFormat(this.lang, { type: 'conjunction' }).format(parts) });
  }

  attentionSection(): Locator {
    return this.main().getByRole('region', { name: new RegExp(`^${escapeRegExp(plural(this.lang, 'sync', 'screen.attention', 1).replace(/\(1\)$/, ''))}`) });
  }

  /** The translated reason a refused entry shows. */
  reason(entry: Locator): Locator {
    return entry.getByRole('note');
  }

  /** Discard, confirmed: the change is dropped and the server's version comes back. */
  async discard(entry: Locator): Promise<void> {
    await entry.getByRole('button', { name: this.t('entry.discard'), exact: true }).click();
    await entry.getByRole('button', { name: this.t('entry.confirmDiscard'), exact: true }).click();
    await entry.waitFor({ state: 'detached' });
  }

  /** "Export the sync log" on the Sync screen: the file a user sends to support, parsed. */
  async exportLog(): Promise<ExportedSyncLog> {
    const download = this.page.waitForEvent('download');
    await this.main()
      .getByRole('button', { name: this.t('screen.exportLog') })
      .click();
    const file = await (await download).path();
    return JSON.parse(await readFile(file, 'utf8')) as ExportedSyncLog;
  }

  /** "Edit and retry" opened: the form of the fields a person may fix. */
  async openEditForm(entry: Locator): Promise<Locator> {
    const form = entry.getByRole('form', { name: this.t('entry.editForm') });
    if (!(await form.isVisible())) await entry.getByRole('button', { name: this.t('entry.edit'), exact: true }).click();
    await this.waitVisible(form);
    return form;
  }

  /** Every value the edit form's text boxes and lists hold (to prove no id or timestamp is offered). */
  async editFormValues(form: Locator): Promise<string[]> {
    return form
      .locator('input, textarea, select')
      .evaluateAll((controls) =>
        controls.map((c) => (c instanceof HTMLInputElement || c instanceof HTMLTextAreaElement || c instanceof HTMLSelectElement ? c.value : '')),
      );
  }

  async editAndRetry(entry: Locator, fields: Record<string, string>): Promise<void> {
    const form = await this.openEditForm(entry);
    for (const [field, value] of Object.entries(fields)) await form.getByLabel(this.t(`fields.${field}`), { exact: true }).fill(value);
    await form.getByRole('button', { name: this.t('entry.saveAndRetry') }).click();
  }
}
