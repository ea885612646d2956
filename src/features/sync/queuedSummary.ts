// "Waiting to be sent: 3 changes and 2 photos": photos are counted apart from the changes they belong
// to, each with its language's plural forms, joined the way the language joins a list.
import type { TFunction } from 'i18next';
import type { OutboxEntry } from '../../db/outboxRows';

export function queuedCounts(entries: readonly Pick<OutboxEntry, 'kind'>[]): { changes: number; photos: number } {
  const photos = entries.filter((e) => e.kind === 'photo').length;
  return { changes: entries.length - photos, photos };
}

export function queuedSummary(t: TFunction, language: string, entries: readonly Pick<OutboxEntry, 'kind'>[]): string {
  const { changes, photos } = queuedCounts(entries);
  const parts = [...(changes > 0 ? [t('sync:count.changes', { count: changes })] : []), ...(photos > 0 ? [t('sync:count.photos', { count: photos })] : [])];
  return t('sync:screen.queued', { what: new Intl.ListFormat(language, { type: 'conjunction' }).format(parts) });
}
