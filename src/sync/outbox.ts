// Reading the outbox: counts and lists per user (the app bar, the Sync screen, the logout warning).
import type { ApiClient } from '../api/client';
import { db } from '../db/db';
import type { TableName } from '../db/db';
import type { OutboxEntry } from '../db/outboxRows';
import { applyServerRecords } from './rows';
import { isRecord } from '../lib/records';

function range(userKey: string) {
  return db.outbox.where('[ownerUserKey+seq]').between([userKey, -Infinity], [userKey, Infinity]);
}

/** Changes of this user the server has not applied yet (pending, in flight or needing attention). */
export function pendingCountFor(userKey: string): Promise<number> {
  return range(userKey).count();
}

export function entriesFor(userKey: string): Promise<OutboxEntry[]> {
  return range(userKey).toArray();
}

export async function attentionCountFor(userKey: string): Promise<number> {
  return range(userKey).filter((e) => e.state === 'attention').count();
}


/** Loads the server's record of a discarded change (GET `refetchPath`, `{ record }` or the record). */
export function serverRefetch(api: ApiClient): (entry: OutboxEntry) => Promise<void> {
  return async (entry) => {
    if (!entry.refetchPath) return;
    const body = await api.request<unknown>('GET', entry.refetchPath);
    const record = isRecord(body) && isRecord(body.record) ? body.record : isRecord(body) ? body : null;
    if (record) await applyServerRecords(entry.table as TableName, [record]);
  };
}
