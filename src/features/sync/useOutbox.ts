// Live queries over the outbox for the screens (they update as entries are added and applied).
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/db';
import type { OutboxEntry, SyncLogRow } from '../../db/outboxRows';
import { entriesFor, pendingCountFor } from '../../sync/write/outbox';

/** Pending changes of `userKey` (the logout warning uses it with the user being logged out). */
export function usePendingCount(userKey: string | null): number {
  return useLiveQuery(() => (userKey ? pendingCountFor(userKey) : db.outbox.count()), [userKey], 0);
}

export function useOutboxEntries(userKey: string | null): OutboxEntry[] | undefined {
  return useLiveQuery(() => (userKey ? entriesFor(userKey) : db.outbox.orderBy('seq').toArray()), [userKey]);
}

export function useRecentSyncLog(limit = 30): SyncLogRow[] {
  return useLiveQuery(() => db.syncLog.orderBy('id').reverse().limit(limit).toArray(), [limit], []);
}
