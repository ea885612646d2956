// What the server's answers do to the outbox, the rows and the sync log: the ONE place an answer is
// applied. A batch's answers are applied in its order, all in one transaction; a change or a photo sent
// alone is a batch of one. The records' entries and rows are read once and changed in memory, then
// written back together: a batch of a record's ten changes must not rewrite its later entries and its
// row ten times.
import type { Table } from 'dexie';
import type { OutboxEntry, SyncError, SyncLogRow, SyncOutcome } from '../../db/outboxRows';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import { backoffDelay } from './backoff';
import type { Verdict } from './classify';
import { noteAnswered } from '../write/answeredRecords';
import { endFlight } from './flights';
import { changedSince, sameValue, threeWayMerge } from './merge';
import { inFlightEntry } from './markSent';
import type { Marking, OutcomeClock } from './markSent';
import { rebuiltRow, syncStateOf, tableOf } from '../write/rows';

type Row = Record<string, unknown>;

/** The attempt's sync-log row, written in the answer's transaction; `outcome` is filled in there. */
export type LogDraft = Omit<SyncLogRow, 'id' | 'outcome' | 'durationMs'> & { startedMs: number };

/** One entry sent and what came back for it: its verdict, or null when the server did not try it. */
export type AnswerOf = { sent: OutboxEntry; verdict: Verdict | null; log?: LogDraft };

export type AnswersSettled = {
  /** Per entry id; `notAttempted` entries went back to waiting, their attempt uncounted. */
  outcomes: Map<string, SyncOutcome | 'notAttempted'>;
  /** Per record, its entries (every owner) as stored after the whole batch was applied. */
  entries: Map<string, OutboxEntry[]>;
};

/** A record's entries and row; a photo's row is its `photos` row, which has no sync state. */
type RecordState = { table: string; id: string | number; photo: boolean; entries: OutboxEntry[]; row: Row | undefined; rowDirty: boolean; rowGone: boolean };

/** The records of a batch in memory, and what changed since the last write-back. */
class WorkingSet {
  readonly records = new Map<string, RecordState>();
  private readonly putEntries = new Map<string, OutboxEntry>();
  private readonly deletedEntries = new Set<string>();
  private logs: SyncLogRow[] = [];
  /** Per table, the records whose changes the server applied (answeredRecords.ts). */
  private readonly answered = new Map<string, Set<string | number>>();

  async load(sent: readonly OutboxEntry[]): Promise<void> {
    const keys = [...new Set(sent.map((e) => e.entityKey))];
    const stored = await db.outbox.where('entityKey').anyOf(keys).toArray();
    const byKey = new Map<string, OutboxEntry[]>(keys.map((k) => [k, []]));
    for (const e of stored) byKey.get(e.entityKey)?.push(e);
    const byTable = new Map<string, OutboxEntry[]>();
    for (const e of sent) {
      if (this.records.has(e.entityKey)) continue;
      this.records.set(e.entityKey, {
        table: e.table,
        id: e.recordId,
        photo: e.kind === 'photo',
        entries: (byKey.get(e.entityKey) ?? []).sort((a, b) => a.seq - b.seq),
        row: undefined,
        rowDirty: false,
        rowGone: false,
      });
      const list = byTable.get(e.table);
      if (list) list.push(e);
      else byTable.set(e.table, [e]);
    }
    for (const [table, list] of byTable) {
      const rows = await tableOf(table).bulkGet(list.map((e) => e.recordId));
      list.forEach((e, i) => {
        const state = this.records.get(e.entityKey);
        if (state) state.row = rows[i];
      });
    }
  }

  put(state: RecordState, entry: OutboxEntry): void {
    state.entries = state.entries.map((e) => (e.id === entry.id ? entry : e));
    this.putEntries.set(entry.id, entry);
  }

  /** `next` takes `old`'s place in the record's queue (a new key for a merged body). */
  swap(state: RecordState, old: OutboxEntry, next: OutboxEntry): void {
    this.remove(state, old);
    this.deletedEntries.delete(next.id);
    state.entries = [...state.entries, next].sort((a, b) => a.seq - b.seq);
    this.putEntries.set(next.id, next);
  }

  remove(state: RecordState, entry: OutboxEntry): void {
    state.entries = state.entries.filter((e) => e.id !== entry.id);
    this.putEntries.delete(entry.id);
    this.deletedEntries.add(entry.id);
  }

  noteApplied(state: RecordState): void {
    const ids = this.answered.get(state.table) ?? new Set<string | number>();
    ids.add(state.id);
    this.answered.set(state.table, ids);
  }

  /** `setRowSyncState`: the row (if any) shows its entries' state. */
  syncRowState(state: RecordState): void {
    if (!state.row || state.photo) return;
    const syncState = syncStateOf(state.entries);
    if (state.row.syncState !== syncState) {
      state.row = { ...state.row, syncState };
      state.rowDirty = true;
    }
  }

  /** `rebuildRow`: the server's record with the remaining entries' patches on top. */
  rebuildRow(state: RecordState, record: Row): void {
    const next = rebuiltRow(state.table, record, state.row, state.entries);
    if (next === null) {
      state.row = undefined;
      state.rowGone = true;
      state.rowDirty = true;
    } else if (next !== undefined) {
      state.row = next;
      state.rowGone = false;
      state.rowDirty = true;
    }
  }

  /** The server has the photo: its row names the file, and is sent (`shrinkSentPhotos` may shrink it). */
  photoUploaded(state: RecordState, fileId: string): void {
    if (!state.row) return;
    state.row = { ...state.row, uploadState: 'uploaded', fileId, sentAt: new Date().toISOString() };
    state.rowDirty = true;
  }

  log(draft: LogDraft | undefined, outcome: SyncOutcome, clock: OutcomeClock): void {
    if (!draft) return;
    const { startedMs, ...row } = draft;
    this.logs.push({ ...row, outcome, durationMs: Math.max(0, clock.now() - startedMs) });
  }

  /** Writes what changed in memory. */
  async flush(): Promise<void> {
    if (this.deletedEntries.size > 0) await db.outbox.bulkDelete([...this.deletedEntries]);
    if (this.putEntries.size > 0) await db.outbox.bulkPut([...this.putEntries.values()]);
    this.deletedEntries.clear();
    this.putEntries.clear();
    const puts = new Map<string, Row[]>();
    const deletes = new Map<string, (string | number)[]>();
    for (const state of this.records.values()) {
      if (!state.rowDirty) continue;
      state.rowDirty = false;
      if (state.rowGone) deletes.set(state.table, [...(deletes.get(state.table) ?? []), state.id]);
      else if (state.row) puts.set(state.table, [...(puts.get(state.table) ?? []), state.row]);
    }
    for (const [table, ids] of deletes) await tableOf(table).bulkDelete(ids);
    for (const [table, rows] of puts) await tableOf(table).bulkPut(rows);
    if (this.logs.length > 0) await db.syncLog.bulkAdd(this.logs);
    this.logs = [];
    const at = Date.now();
    for (const [table, ids] of this.answered) await noteAnswered(table, ids, at);
    this.answered.clear();
  }
}

/** The tables `applyAnswers` writes (`meta`: the flight and the records answered, answeredRecords.ts). */
function answerTables(answers: readonly AnswerOf[]): Table[] {
  return [...new Set([db.outbox, db.photos, db.syncLog, db.meta, ...answers.map((a) => tableOf(a.sent.table))])];
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

function attention(entry: OutboxEntry, error: SyncError): OutboxEntry {
  return { ...entry, state: 'attention', lastError: error, nextAttemptAt: 0 };
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
      return attention(entry, {
        kind: 'rejected',
        messageKey,
        message,
        status,
        ...(code ? { code } : {}),
        ...(field ? { field } : {}),
        ...(params ? { params } : {}),
      });
    }
  }
}

/** An applied change or upload: the entry goes, later ones follow the new version, the row the server's record. */
function applied(work: WorkingSet, state: RecordState, entry: OutboxEntry, record: Row | null, body: Row): void {
  work.remove(state, entry);
  if (entry.kind === 'photo') {
    work.photoUploaded(state, fileIdOf(entry, body));
    return;
  }
  work.noteApplied(state);
  for (const later of rebasedAfter(entry, record, state.entries)) work.put(state, later);
  if (entry.op === 'delete' || record === null) work.syncRowState(state);
  else work.rebuildRow(state, record);
}

/**
 * A 409: the server's record is newer. A create of an id that exists with the same fields was applied
 * (under another key); what merges goes again at once on the server's version; the rest waits for the user.
 */
function conflicted(
  work: WorkingSet,
  state: RecordState,
  entry: OutboxEntry,
  verdict: Extract<Verdict, { kind: 'conflict' }>,
  clock: OutcomeClock,
): SyncOutcome {
  const error: SyncError = { kind: 'conflict', messageKey: verdict.messageKey, message: verdict.message, status: verdict.status };
  const current = verdict.current;
  if (current === null) {
    work.put(state, attention(entry, error));
    work.syncRowState(state);
    return 'rejected';
  }
  if (entry.op === 'create') {
    const differing = Object.keys(entry.payload).filter((f) => !['version', 'updatedAt'].includes(f) && !sameValue(entry.payload[f], current[f]));
    if (differing.length === 0) {
      applied(work, state, entry, current, { record: current });
      return 'applied';
    }
    const fields = differing.map((field) => ({ field, base: undefined, mine: entry.payload[field], theirs: current[field] }));
    work.put(state, { ...attention(entry, error), conflict: { fields, current, merged: {} } });
    work.syncRowState(state);
    return 'conflict';
  }
  const base = entry.base ?? {};
  const { merged, conflicts } = entry.op === 'delete' ? { merged: {}, conflicts: changedSince(base, current) } : threeWayMerge(base, entry.payload, current);
  if (conflicts.length > 0) {
    work.put(state, { ...attention(entry, error), conflict: { fields: conflicts, current, merged } });
    work.syncRowState(state);
    return 'conflict';
  }
  // Everything merges: send mine again on top of the server's version, at once (with backoff if it keeps
  // happening). The merged body travels under a new Idempotency-Key; the old key's refusal is definitive.
  const theirVersion = typeof current.version === 'number' ? current.version : entry.baseVersion;
  work.swap(state, entry, {
    ...entry,
    id: newId(),
    payload: entry.op === 'delete' ? entry.payload : merged,
    baseVersion: theirVersion,
    state: 'pending',
    nextAttemptAt: entry.attempts > 3 ? clock.now() + backoffDelay(entry.attempts, null, clock.random) : 0,
    lastError: { ...error, messageKey: 'sync:mergedSilently', message: 'merged with a newer server version' },
    conflict: null,
  });
  work.rebuildRow(state, current);
  work.noteApplied(state);
  work.syncRowState(state);
  return 'merged';
}

function settle(work: WorkingSet, state: RecordState, entry: OutboxEntry, verdict: Verdict, clock: OutcomeClock): SyncOutcome {
  switch (verdict.kind) {
    case 'applied':
      applied(work, state, entry, verdict.record, verdict.body);
      return 'applied';
    case 'retry':
    case 'auth':
    case 'rejected':
      work.put(state, entryAfter(entry, verdict, clock));
      work.syncRowState(state);
      return verdict.kind;
    case 'conflict':
      return conflicted(work, state, entry, verdict, clock);
  }
}

/**
 * Applies the answers of what went together (a batch, or one change or photo alone) in ONE transaction,
 * in their order, with each attempt's log row; a batch's flight row goes with it. An entry discarded
 * meanwhile gets only its log row.
 */
export async function applyAnswers(answers: readonly AnswerOf[], clock: OutcomeClock, marking: Marking): Promise<AnswersSettled> {
  return db.transaction('rw', answerTables(answers), async () => {
    if (marking.flight !== null) await endFlight(marking.flight);
    const work = new WorkingSet();
    await work.load(answers.map((a) => a.sent));
    const outcomes = new Map<string, SyncOutcome | 'notAttempted'>();
    for (const { sent, verdict, log } of answers) {
      const state = work.records.get(sent.entityKey);
      const entry = state?.entries.find((e) => e.id === sent.id);
      if (!state || !entry) {
        const outcome: SyncOutcome = verdict?.kind === 'applied' ? 'applied' : 'error';
        if (verdict) work.log(log, outcome, clock);
        outcomes.set(sent.id, verdict ? outcome : 'notAttempted');
        continue;
      }
      if (verdict === null) {
        // Not tried by the server: it waits again as it was before its attempt, which does not count.
        work.syncRowState(state);
        outcomes.set(sent.id, 'notAttempted');
        continue;
      }
      // A batch's entries were not written when they went (markBatchSent): the attempt counts now.
      const attempted = marking.stored ? entry : inFlightEntry(entry, sent.lastAttemptAt);
      const outcome = settle(work, state, attempted, verdict, clock);
      work.log(log, outcome, clock);
      outcomes.set(sent.id, outcome);
    }
    await work.flush();
    const entries = new Map<string, OutboxEntry[]>();
    for (const [key, state] of work.records) entries.set(key, state.entries);
    return { outcomes, entries };
  });
}
