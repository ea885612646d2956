// The black box: one row per replay attempt, the newest 1 000 kept, exportable as a file for support.
import { db } from '../../db/db';
import type { SyncLogRow } from '../../db/outboxRows';

export const SYNC_LOG_LIMIT = 1_000;

export async function trimSyncLog(): Promise<void> {
  const count = await db.syncLog.count();
  if (count <= SYNC_LOG_LIMIT) return;
  const excess = await db.syncLog
    .orderBy('id')
    .limit(count - SYNC_LOG_LIMIT)
    .primaryKeys();
  await db.syncLog.bulkDelete(excess);
}

export async function readSyncLog(): Promise<SyncLogRow[]> {
  await trimSyncLog();
  return db.syncLog.orderBy('id').toArray();
}

/** JSON text of the log plus a summary of the outbox, without payloads (they may hold personal data). */
export async function exportSyncLog(appVersion: string, now = new Date()): Promise<{ fileName: string; text: string }> {
  const [log, outbox] = await Promise.all([readSyncLog(), db.outbox.orderBy('seq').toArray()]);
  const summary = outbox.map(({ id, seq, op, entityKey, state, attempts, nextAttemptAt, lastError, createdAt, kind, ownerUserKey }) => ({
    id,
    seq,
    op,
    entityKey,
    state,
    attempts,
    nextAttemptAt,
    lastError,
    createdAt,
    kind,
    ownerUserKey,
  }));
  const text = JSON.stringify({ exportedAt: now.toISOString(), appVersion, outbox: summary, log }, null, 2);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return { fileName: `binyan-sync-log-${stamp}.json`, text };
}
