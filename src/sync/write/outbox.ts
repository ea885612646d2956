// Reading the outbox: counts and lists per user (the app bar, the Sync screen, the logout warning).
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import type { TableName } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { applyServerRecords } from './rows';
import { isRecord } from '../../lib/records';

/** The user's entries in `seq` order (a Dexie collection: count, filter, modify). */
export function outboxOf(userKey: string) {
  return db.outbox.where('[ownerUserKey+seq]').between([userKey, -Infinity], [userKey, Infinity]);
}

/** A changed body travels under a new Idempotency-Key: the old entry goes, `next` (its successor) comes. */
export async function swapEntry(old: OutboxEntry, next: OutboxEntry): Promise<void> {
  await db.outbox.delete(old.id);
  await db.outbox.add(next);
}

/** Changes of this user the server has not applied yet (pending, in flight or needing attention). */
export function pendingCountFor(userKey: string): Promise<number> {
  return outboxOf(userKey).count();
}

export function entriesFor(userKey: string): Promise<OutboxEntry[]> {
  return outboxOf(userKey).toArray();
}

export async function attentionCountFor(userKey: string): Promise<number> {
  return outboxOf(userKey)
    .filter((e) => e.state === 'attention')
    .count();
}

/** Loads the server's record of a discarded change (GET `refetchPath`, `{ record }` or the record). */
export function serverRefetch(api: ApiClient): (entry: OutboxEntry) => Promise<void> {
  return async (entry) => {
    if (!entry.refetchPath) return;
    const sentAt = Date.now();
    const body = await api.request<unknown>('GET', entry.refetchPath);
    const record = isRecord(body) && isRecord(body.record) ? body.record : isRecord(body) ? body : null;
    if (record) await applyServerRecords(entry.table as TableName, [record], undefined, sentAt);
  };
}
