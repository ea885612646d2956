// Keeping entity rows consistent with the outbox: a row = the server's record + the patches of the
// entries still pending for it, in order. Pulls never overwrite a row that has pending entries.
import type { Table } from 'dexie';
import { db } from '../../db/db';
import type { TableName } from '../../db/db';
import { decorateRow } from '../../db/decorate';
import { entityKeyOf } from '../../db/mutate';
import type { OutboxEntry } from '../../db/outboxRows';
import type { SyncState } from '../../db/schema';
import { answeredSince } from './answeredRecords';

type Row = Record<string, unknown>;

export function tableOf(name: string): Table<Row, string | number> {
  return db.table<Row, string | number>(name);
}

export function primaryKeyOf(name: string): string {
  const keyPath = tableOf(name).schema.primKey.keyPath;
  return typeof keyPath === 'string' ? keyPath : 'id';
}

export function syncStateOf(entries: readonly OutboxEntry[]): SyncState {
  if (entries.length === 0) return 'synced';
  if (entries.some((e) => e.state === 'attention')) return 'attention';
  return entries.some((e) => e.state === 'inFlight') ? 'sent' : 'local';
}

/** The record's entries in `seq` order (a record has a few). */
export async function entriesOf(entityKey: string): Promise<OutboxEntry[]> {
  return db.outbox.where('entityKey').equals(entityKey).sortBy('seq');
}

/**
 * The row a record should have: the server's record (or, when null, the current row) with the remaining
 * entries' patches on top. `null`: the row goes (a pending delete); `undefined`: nothing to write.
 */
export function rebuiltRow(table: string, answered: Row | null, current: Row | undefined, remaining: readonly OutboxEntry[]): Row | null | undefined {
  // A record of the server that is not a row of this table (a local copy kept in `meta` under its own
  // key) leaves the local row as it is: only its sync state follows the entries.
  const serverRecord = answered && answered[primaryKeyOf(table)] !== undefined ? answered : null;
  let row: Row | null = serverRecord ? { ...serverRecord } : current ? { ...current } : null;
  if (serverRecord) {
    for (const entry of remaining) {
      if (entry.rowPatch === null) {
        row = null;
        break;
      }
      row = { ...row, ...entry.rowPatch };
    }
  }
  if (row === null) return current && serverRecord ? null : undefined;
  const next: Row = { ...decorateRow(table, row), syncState: syncStateOf(remaining) };
  if (serverRecord && typeof serverRecord.version === 'number') next.serverVersion = serverRecord.version;
  return next;
}

/**
 * Rewrites the row of `entityKey` from `serverRecord` (or, when null, from the current row) with the
 * remaining entries' patches on top. Call inside a rw transaction over the table and the outbox.
 */
export async function rebuildRow(table: string, recordId: string | number, serverRecord: Row | null, known?: readonly OutboxEntry[]): Promise<void> {
  const rows = tableOf(table);
  const remaining = known ?? (await entriesOf(entityKeyOf(table, recordId)));
  const next = rebuiltRow(table, serverRecord, await rows.get(recordId), remaining);
  if (next === null) await rows.delete(recordId);
  else if (next !== undefined) await rows.put(next);
}

/** `known`: the record's entries when the caller has just read them in the same transaction. */
export async function setRowSyncState(table: string, recordId: string | number, known?: readonly OutboxEntry[]): Promise<void> {
  const rows = tableOf(table);
  const current = await rows.get(recordId);
  if (!current) return;
  const state = syncStateOf(known ?? (await entriesOf(entityKeyOf(table, recordId))));
  if (current.syncState !== state) await rows.update(recordId, { syncState: state });
}

/**
 * `setRowSyncState` for the records of `entries`, which are ALL the stored entries of those records (as
 * the caller just read and changed them): each table's rows read in one go, those whose state changes
 * written back together.
 */
export async function setRowsSyncState(entries: readonly OutboxEntry[]): Promise<void> {
  const byTable = new Map<string, Map<string, OutboxEntry[]>>();
  for (const e of entries) {
    const records = byTable.get(e.table) ?? new Map<string, OutboxEntry[]>();
    records.set(e.entityKey, [...(records.get(e.entityKey) ?? []), e]);
    byTable.set(e.table, records);
  }
  for (const [table, records] of byTable) {
    const lists = [...records.values()];
    const rows = await tableOf(table).bulkGet(lists.map((list) => (list[0] as OutboxEntry).recordId));
    const changed: Row[] = [];
    lists.forEach((list, i) => {
      const current = rows[i];
      const state = syncStateOf(list);
      if (current && current.syncState !== state) changed.push({ ...current, syncState: state });
    });
    if (changed.length > 0) await tableOf(table).bulkPut(changed);
  }
}

export type PullResult = { written: number; kept: number; removed: number };

/** Whether a pulled record is a later version than the row (a row gone locally has none). */
function isNewer(record: Row, current: Row | undefined): boolean {
  return current !== undefined && typeof record.version === 'number' && typeof current.version === 'number' && record.version > current.version;
}

/**
 * The pull helper: refreshes rows from server records. Rows with pending entries keep their local
 * state and `version` (the base of those entries); only `serverVersion` notes what the server has.
 * `prune` selects local rows of the pulled scope; those the server no longer returns are removed
 * unless they have pending entries. `sentAt` (ms): when the pull's request went out; records whose
 * changes the server answered since are left as they are, as the pull may predate those changes
 * (answeredRecords.ts) — unless it carries a newer version.
 */
export async function applyServerRecords(table: TableName, records: readonly Row[], prune?: (row: Row) => boolean, sentAt?: number): Promise<PullResult> {
  const rows = tableOf(table);
  const key = primaryKeyOf(table);
  return db.transaction('rw', rows, db.outbox, db.meta, async () => {
    const ids = records.map((r) => r[key]).filter((id): id is string | number => typeof id === 'string' || typeof id === 'number');
    // The table's entries in one range read (`anyOf` steps a cursor once per id).
    const pendingKeys = new Set((await db.outbox.where('entityKey').startsWith(entityKeyOf(table, '')).toArray()).map((e) => e.entityKey));
    const answered = sentAt === undefined ? new Set<string>() : await answeredSince(table, sentAt);
    const result: PullResult = { written: 0, kept: 0, removed: 0 };
    const fresh: Row[] = [];
    for (const record of records) {
      const id = record[key];
      if (typeof id !== 'string' && typeof id !== 'number') continue;
      if (answered.has(String(id)) && !isNewer(record, await rows.get(id))) {
        result.kept += 1;
      } else if (pendingKeys.has(entityKeyOf(table, id))) {
        const current = await rows.get(id);
        if (current && typeof record.version === 'number') await rows.update(id, { serverVersion: record.version });
        result.kept += 1;
      } else {
        fresh.push({ ...decorateRow(table, record), syncState: 'synced' });
      }
    }
    await rows.bulkPut(fresh);
    result.written = fresh.length;
    if (prune) {
      const seen = new Set(ids.map(String));
      // One read of the table, filtered here: a cursor filter is one round trip to the store per row.
      const stale = (await rows.toArray())
        .filter(prune)
        .map((r) => r[key])
        .filter((id): id is string | number => (typeof id === 'string' || typeof id === 'number') && !seen.has(String(id)));
      const staleWithEntries = new Set(
        (
          await db.outbox
            .where('entityKey')
            .anyOf(stale.map((id) => entityKeyOf(table, id)))
            .toArray()
        ).map((e) => e.entityKey),
      );
      const removable = stale.filter((id) => !staleWithEntries.has(entityKeyOf(table, id)) && !answered.has(String(id)));
      await rows.bulkDelete(removable);
      result.removed = removable.length;
    }
    return result;
  });
}

/**
 * The pull's deletions: rows the server says are gone from `inScope` (deleted, or no longer in the list
 * the device keeps). A row with pending entries stays, and so does one whose change the server answered
 * after the pull's request went out (`sentAt`, as `applyServerRecords`).
 */
export async function removeServerRecords(
  table: TableName,
  ids: readonly (string | number)[],
  inScope: (row: Row) => boolean,
  sentAt: number,
): Promise<number> {
  const rows = tableOf(table);
  const key = primaryKeyOf(table);
  return db.transaction('rw', rows, db.outbox, db.meta, async () => {
    const answered = await answeredSince(table, sentAt);
    const current = (await rows.bulkGet([...ids])).filter((row): row is Row => row !== undefined && inScope(row));
    const candidates = current
      .map((row) => row[key])
      .filter((id): id is string | number => (typeof id === 'string' || typeof id === 'number') && !answered.has(String(id)));
    const pending = new Set(
      (
        await db.outbox
          .where('entityKey')
          .anyOf(candidates.map((id) => entityKeyOf(table, id)))
          .toArray()
      ).map((e) => e.entityKey),
    );
    const removable = candidates.filter((id) => !pending.has(entityKeyOf(table, id)));
    await rows.bulkDelete(removable);
    return removable.length;
  });
}
