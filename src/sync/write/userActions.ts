// What the user can do with an entry on the Sync screen: retry, edit and retry, resolve a conflict,
// discard. Any change of the body after a definitive refusal travels under a NEW Idempotency-Key;
// an entry that might have been applied (a retry wait) keeps its key.
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import { announceOutboxWrites } from './outboxEvents';
import type { OutboxEntry } from '../../db/outboxRows';
import { outboxOf, swapEntry } from './outbox';
import { entriesOf, rebuildRow, setRowSyncState, tableOf } from './rows';

type Row = Record<string, unknown>;

function fresh(entry: OutboxEntry, patch: Partial<OutboxEntry>): OutboxEntry {
  return { ...entry, ...patch, id: newId(), state: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, conflict: null };
}

function scope(entry: OutboxEntry) {
  return [db.outbox, db.photos, tableOf(entry.kind === 'photo' ? 'photos' : entry.table)];
}

/** Sends again now. A refused entry gets a new key (the old one was answered for good). */
export async function retryNow(entryId: string): Promise<void> {
  const entry = await db.outbox.get(entryId);
  if (!entry) return;
  const ready = await db.transaction('rw', scope(entry), async () => {
    const current = await db.outbox.get(entryId);
    if (!current) return null;
    let next: OutboxEntry | null = null;
    if (current.state === 'attention' && !current.conflict) {
      next = fresh(current, {});
      await swapEntry(current, next);
    } else if (current.state !== 'attention') {
      next = { ...current, nextAttemptAt: 0 };
      await db.outbox.update(entryId, { nextAttemptAt: 0 });
    }
    if (current.kind === 'mutation') await setRowSyncState(current.table, current.recordId);
    return next;
  });
  if (ready) announceOutboxWrites([ready]);
}

/** Retries every waiting entry of the user now (not the refused ones: they need a decision). */
export async function retryAllNow(userKey: string): Promise<void> {
  const waiting = outboxOf(userKey).and((e) => e.state === 'pending');
  await waiting.modify({ nextAttemptAt: 0 });
  announceOutboxWrites(await waiting.toArray());
}

/** The user fixed the fields the server refused; the row shows the fix at once. */
export async function editAndRetry(entryId: string, patch: Row): Promise<void> {
  const entry = await db.outbox.get(entryId);
  if (!entry) return;
  const ready = await db.transaction('rw', scope(entry), async () => {
    const current = await db.outbox.get(entryId);
    if (!current || current.state !== 'attention') return null;
    const rowPatch = current.rowPatch === null ? null : { ...current.rowPatch, ...patch };
    const next = fresh(current, { payload: { ...current.payload, ...patch }, rowPatch });
    await swapEntry(current, next);
    if (current.kind !== 'mutation' || rowPatch === null) return next;
    const row = await tableOf(current.table).get(current.recordId);
    if (row) await tableOf(current.table).put({ ...row, ...patch });
    await setRowSyncState(current.table, current.recordId);
    return next;
  });
  if (ready) announceOutboxWrites([ready]);
}

export type Choice = 'mine' | 'theirs';

/** Field-by-field decision on a conflict; for a delete or a create the choice is for the whole record (`*`). */
export async function resolveConflict(entryId: string, choices: Record<string, Choice>): Promise<void> {
  const entry = await db.outbox.get(entryId);
  if (!entry?.conflict) return;
  const ready = await db.transaction('rw', scope(entry), async (): Promise<OutboxEntry | null> => {
    const current = await db.outbox.get(entryId);
    const conflict = current?.conflict;
    if (!current || !conflict) return null;
    const theirs = conflict.current;
    const version = typeof theirs.version === 'number' ? theirs.version : current.baseVersion;
    if (current.op === 'delete' || current.op === 'create') {
      const keepMine = choices['*'] === 'mine' && current.op === 'delete';
      const next = keepMine ? fresh(current, { baseVersion: version, base: theirs }) : null;
      if (next) await swapEntry(current, next);
      else await db.outbox.delete(current.id);
      await rebuildRow(current.table, current.recordId, keepMine ? null : theirs);
      return next;
    }
    const kept: Row = { ...conflict.merged };
    for (const field of conflict.fields) if (choices[field.field] === 'mine') kept[field.field] = field.mine;
    const dropped = conflict.fields.filter((f) => choices[f.field] !== 'mine').map((f) => f.field);
    let next: OutboxEntry | null = null;
    if (Object.keys(kept).length === 0) {
      await db.outbox.delete(current.id);
    } else {
      const rowPatch = current.rowPatch === null ? null : Object.fromEntries(Object.entries(current.rowPatch).filter(([k]) => !dropped.includes(k)));
      const base = Object.fromEntries(Object.keys(kept).map((k) => [k, theirs[k]]));
      next = fresh(current, { payload: kept, rowPatch, base, baseVersion: version });
      await swapEntry(current, next);
    }
    await rebuildRow(current.table, current.recordId, theirs);
    return next;
  });
  if (ready) announceOutboxWrites([ready]);
}

/** Entries that cannot go without `entityKey` having been created: the record's own, and their dependents. */
async function dependentsOf(entityKey: string): Promise<OutboxEntry[]> {
  const all = await db.outbox.toArray();
  const dropped = new Set([entityKey]);
  const result: OutboxEntry[] = [];
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of all) {
      if (result.includes(e)) continue;
      if (dropped.has(e.entityKey) || e.dependsOn.some((d) => dropped.has(d))) {
        result.push(e);
        if (e.op === 'create' || e.kind === 'photo') dropped.add(e.entityKey);
        grew = true;
      }
    }
  }
  return result;
}

async function revert(entry: OutboxEntry): Promise<void> {
  if (entry.kind === 'photo') {
    await db.photos.delete(String(entry.recordId));
    return;
  }
  const rows = tableOf(entry.table);
  if (entry.op === 'create') {
    await rows.delete(entry.recordId);
    return;
  }
  if (entry.op === 'delete') {
    if (entry.base) await rows.put({ ...entry.base, syncState: 'synced' });
    await setRowSyncState(entry.table, entry.recordId);
    return;
  }
  const row = await rows.get(entry.recordId);
  if (row && entry.rowPatch && entry.base) {
    const later = (await entriesOf(entry.entityKey)).filter((e) => e.seq > entry.seq);
    const restored: Row = { ...row };
    for (const field of Object.keys(entry.rowPatch)) {
      if (!later.some((e) => e.rowPatch && field in e.rowPatch)) restored[field] = entry.base[field];
    }
    await rows.put(restored);
  }
  await setRowSyncState(entry.table, entry.recordId);
}

/**
 * Drops the entry and puts the server's version back: a record created here disappears with everything
 * that depends on it; a change is reverted locally, then `refetch` (when online) loads the server's record.
 */
export async function discardEntry(entryId: string, refetch?: (entry: OutboxEntry) => Promise<void>): Promise<void> {
  const entry = await db.outbox.get(entryId);
  if (!entry) return;
  const tables = new Set([entry.table]);
  const doomed = entry.op === 'create' ? await dependentsOf(entry.entityKey) : [entry];
  for (const e of doomed) tables.add(e.kind === 'photo' ? 'photos' : e.table);
  await db.transaction('rw', [db.outbox, db.photos, ...[...tables].map((t) => tableOf(t))], async () => {
    for (const e of [...doomed].sort((a, b) => b.seq - a.seq)) {
      if (!(await db.outbox.get(e.id))) continue;
      await db.outbox.delete(e.id);
      await revert(e);
    }
  });
  if (entry.op !== 'create' && refetch) await refetch(entry).catch(() => undefined);
}
