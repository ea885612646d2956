// What each verdict does to the outbox, the rows and the sync log, in one transaction per answer.
import type { Table } from 'dexie';
import { db } from '../db/db';
import { newId } from '../db/mutate';
import type { OutboxEntry, SyncError, SyncLogRow, SyncOutcome } from '../db/outboxRows';
import { noteAnswered } from './answeredRecords';
import { backoffDelay } from './backoff';
import type { Verdict } from './classify';
import { changedSince, sameValue, threeWayMerge } from './merge';
import { recordFlight } from './flights';
import { swapEntry } from './outbox';
import { entriesOf, rebuildRow, setRowSyncState, setRowsSyncState, tableOf } from './rows';

export type OutcomeClock = { now: () => number; random: () => number };

type Row = Record<string, unknown>;

/**
 * Marks entries as sent (their rows show "sent") and counts the attempt, all in one transaction; the
 * entries are read again inside it, so what goes out is the stored entry. Entries deleted meanwhile
 * are missing from the answer (keyed by id).
 */
export async function markInFlight(entries: readonly OutboxEntry[], clock: OutcomeClock): Promise<Map<string, OutboxEntry>> {
  return (await markSent(entries, clock, { storeEntries: true })).marked;
}

/**
 * `markInFlight` for a batch, whose entries are not written: the rows show "sent", the entries come back
 * counted and in flight in memory only, and one flight row names them (flights.ts). The answers are
 * applied in one transaction that writes every entry anyway and counts the attempt there
 * (`applyBatchVerdicts`): writing each entry twice was a third of a replay's IndexedDB work.
 */
export function markBatchSent(entries: readonly OutboxEntry[], clock: OutcomeClock): Promise<{ marked: Map<string, OutboxEntry>; flight: string | null }> {
  return markSent(entries, clock, { storeEntries: false });
}

/** The tables `markInFlight` writes; `markBatchSent` writes the batch's flight row in `meta` too. */
function markTables(entries: readonly OutboxEntry[], storeEntries: boolean): Table[] {
  return [db.outbox, ...(storeEntries ? [] : [db.meta]), ...new Set(entries.map((e) => tableOf(e.table)))];
}

/** The entry of an attempt under way: counted, in flight, sent at `at`. */
export function inFlightEntry(entry: OutboxEntry, at: string | undefined): OutboxEntry {
  return { ...entry, state: 'inFlight', attempts: entry.attempts + 1, ...(at === undefined ? {} : { lastAttemptAt: at }) };
}

async function markSent(
  entries: readonly OutboxEntry[],
  clock: OutcomeClock,
  { storeEntries }: { storeEntries: boolean },
): Promise<{ marked: Map<string, OutboxEntry>; flight: string | null }> {
  if (entries.length === 0) return { marked: new Map(), flight: null };
  // An async scope function: Dexie keeps the transaction open across native awaits only for those.
  return db.transaction('rw', markTables(entries, storeEntries), async () => {
    const marked = new Map<string, OutboxEntry>();
    const at = new Date(clock.now()).toISOString();
    // The records' entries in one read: the stored versions of those that go, and what each row's state follows.
    const wanted = new Set(entries.map((e) => e.id));
    const stored = await db.outbox.where('entityKey').anyOf([...new Set(entries.map((e) => e.entityKey))]).toArray();
    const after = stored.map((current) => {
      if (!wanted.has(current.id)) return current;
      const next = inFlightEntry(current, at);
      marked.set(current.id, next);
      return next;
    });
    let flight: string | null = null;
    if (storeEntries) await db.outbox.bulkPut([...marked.values()]);
    else if (marked.size > 0) flight = await recordFlight([...marked.values()], at);
    // Each record's row once, however many of its entries go (a batch carries a record's queue).
    const going = new Set([...marked.values()].filter((e) => e.kind === 'mutation').map((e) => e.entityKey));
    await setRowsSyncState(after.filter((e) => going.has(e.entityKey)));
    return { marked, flight };
  });
}

/**
 * Later entries of the record made on top of an applied one were made, locally, on the version it just
 * created: those, with that version (pure; the ones that change).
 */
export function rebasedAfter(entry: OutboxEntry, record: Row | null, remaining: readonly OutboxEntry[]): OutboxEntry[] {
  const newVersion = typeof record?.version === 'number' ? record.version : null;
  if (newVersion === null || entry.baseVersion === null) return [];
  return remaining.filter((later) => later.baseVersion === entry.baseVersion).map((later) => ({ ...later, baseVersion: newVersion }));
}

/** The file id an applied upload answered. */
export function fileIdOf(entry: OutboxEntry, body: Row): string {
  return typeof body.fileID === 'string' ? body.fileID : typeof body.fileId === 'string' ? body.fileId : String(entry.recordId);
}

/** Returns the record's remaining entries, as stored now. */
async function applied(entry: OutboxEntry, record: Row | null, body: Row): Promise<OutboxEntry[]> {
  await db.outbox.delete(entry.id);
  if (entry.kind === 'photo') {
    await db.photos.update(String(entry.recordId), { uploadState: 'uploaded', fileId: fileIdOf(entry, body), sentAt: new Date().toISOString() });
    return entriesOf(entry.entityKey);
  }
  let remaining = await entriesOf(entry.entityKey);
  const rebased = rebasedAfter(entry, record, remaining);
  if (rebased.length > 0) {
    await db.outbox.bulkPut(rebased);
    const byId = new Map(rebased.map((e) => [e.id, e]));
    remaining = remaining.map((e) => byId.get(e.id) ?? e);
  }
  if (entry.op === 'delete' || record === null) await setRowSyncState(entry.table, entry.recordId, remaining);
  else await rebuildRow(entry.table, entry.recordId, record, remaining);
  await noteAnswered(entry.table, [entry.recordId], Date.now());
  return remaining;
}

function attention(entry: OutboxEntry, error: SyncError): OutboxEntry {
  return { ...entry, state: 'attention', lastError: error, nextAttemptAt: 0 };
}

async function conflicted(entry: OutboxEntry, verdict: Extract<Verdict, { kind: 'conflict' }>, clock: OutcomeClock): Promise<SyncOutcome> {
  const error: SyncError = { kind: 'conflict', messageKey: verdict.messageKey, message: verdict.message, status: verdict.status };
  const current = verdict.current;
  if (current === null) {
    await db.outbox.put(attention(entry, error));
    return 'rejected';
  }
  const theirVersion = typeof current.version === 'number' ? current.version : entry.baseVersion;
  if (entry.op === 'create') {
    // The id exists already: the same record means it was created (under another key); otherwise the user decides.
    const differing = Object.keys(entry.payload).filter((f) => !['version', 'updatedAt'].includes(f) && !sameValue(entry.payload[f], current[f]));
    if (differing.length === 0) {
      await applied(entry, current, { record: current });
      return 'applied';
    }
    const fields = differing.map((field) => ({ field, base: undefined, mine: entry.payload[field], theirs: current[field] }));
    await db.outbox.put({ ...attention(entry, error), conflict: { fields, current, merged: {} } });
    return 'conflict';
  }
  const base = entry.base ?? {};
  const { merged, conflicts } = entry.op === 'delete'
    ? { merged: {}, conflicts: changedSince(base, current) }
    : threeWayMerge(base, entry.payload, current);
  if (conflicts.length > 0) {
    await db.outbox.put({ ...attention(entry, error), conflict: { fields: conflicts, current, merged } });
    return 'conflict';
  }
  // Everything merges: send mine again on top of the server's version, at once (with backoff if it keeps happening).
  // The merged body travels under a new Idempotency-Key; the old key's refusal is definitive.
  await swapEntry(entry, {
    ...entry,
    id: newId(),
    payload: entry.op === 'delete' ? entry.payload : merged,
    baseVersion: theirVersion,
    state: 'pending',
    nextAttemptAt: entry.attempts > 3 ? clock.now() + backoffDelay(entry.attempts, null, clock.random) : 0,
    lastError: { ...error, messageKey: 'sync:mergedSilently', message: 'merged with a newer server version' },
    conflict: null,
  });
  await rebuildRow(entry.table, entry.recordId, current);
  await noteAnswered(entry.table, [entry.recordId], Date.now());
  return 'merged';
}

export type Settled = {
  outcome: SyncOutcome;
  /** The record's entries (every owner) as stored after the verdict, so the replayer need not read them again. */
  entries: OutboxEntry[];
};

/** The attempt's sync-log row, written in the verdict's transaction; `outcome` is filled in there. */
export type LogDraft = Omit<SyncLogRow, 'id' | 'outcome' | 'durationMs'> & { startedMs: number };

/**
 * Applies a verdict and writes its sync-log row in one transaction. The entry may have been discarded
 * meanwhile: then only the log row is written.
 */
export async function applyVerdict(sent: OutboxEntry, verdict: Verdict, clock: OutcomeClock, log?: LogDraft): Promise<Settled> {
  return db.transaction('rw', verdictTables(sent), async () => applyVerdictNow(sent, verdict, clock, log));
}

/** The tables `applyVerdictNow` writes (`meta`: the records answered, answeredRecords.ts). */
export function verdictTables(sent: OutboxEntry): Table[] {
  return [db.outbox, db.photos, db.syncLog, db.meta, tableOf(sent.table)];
}

/** `applyVerdict` inside a rw transaction the caller holds over `verdictTables(sent)`. */
export async function applyVerdictNow(sent: OutboxEntry, verdict: Verdict, clock: OutcomeClock, log?: LogDraft): Promise<Settled> {
  const settled = await settle(sent, verdict, clock);
  if (log) {
    const { startedMs, ...row } = log;
    await db.syncLog.add({ ...row, outcome: settled.outcome, durationMs: Math.max(0, clock.now() - startedMs) });
  }
  return settled;
}

/** The stored entry after an answer that leaves it waiting or needing the user (pure). */
export function entryAfter(entry: OutboxEntry, verdict: Extract<Verdict, { kind: 'retry' | 'auth' | 'rejected' }>, clock: OutcomeClock): OutboxEntry {
  switch (verdict.kind) {
    case 'retry': {
      const delay = backoffDelay(Math.max(1, entry.attempts), verdict.retryAfterMs, clock.random);
      const reason = verdict.reason === 'timeout' ? 'errors:connectionTimeout' : verdict.reason === 'rateLimited' ? 'errors:tooManyRequests' : 'sync:willRetry';
      return {
        ...entry,
        state: 'pending',
        nextAttemptAt: clock.now() + delay,
        lastError: { kind: 'retry', messageKey: reason, message: verdict.message, status: verdict.status, code: verdict.reason },
      };
    }
    case 'auth':
      // Not the entry's fault: the attempt does not count, and it goes again right after re-login.
      return {
        ...entry,
        state: 'pending',
        attempts: Math.max(0, entry.attempts - 1),
        nextAttemptAt: 0,
        lastError: { kind: 'auth', messageKey: 'errors:sessionExpired', message: 'session expired', status: verdict.status },
      };
    case 'rejected': {
      const { status, messageKey, message, code, field, params } = verdict;
      return attention(entry, { kind: 'rejected', messageKey, message, status, ...(code ? { code } : {}), ...(field ? { field } : {}), ...(params ? { params } : {}) });
    }
  }
}

async function settle(sent: OutboxEntry, verdict: Verdict, clock: OutcomeClock): Promise<Settled> {
  const entry = await db.outbox.get(sent.id);
  if (!entry) return { outcome: verdict.kind === 'applied' ? 'applied' : 'error', entries: await entriesOf(sent.entityKey) };
  let outcome: SyncOutcome;
  switch (verdict.kind) {
    case 'applied':
      return { outcome: 'applied', entries: await applied(entry, verdict.record, verdict.body) };
    case 'retry':
    case 'auth':
    case 'rejected':
      await db.outbox.put(entryAfter(entry, verdict, clock));
      outcome = verdict.kind;
      break;
    case 'conflict':
      outcome = await conflicted(entry, verdict, clock);
      break;
  }
  const entries = await entriesOf(entry.entityKey);
  if (entry.kind === 'mutation') await setRowSyncState(entry.table, entry.recordId, entries);
  return { outcome, entries };
}

