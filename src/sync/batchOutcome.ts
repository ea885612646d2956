// What a batch's answers do to the outbox, the rows and the sync log: every answer exactly as
// `applyVerdictNow` (outcome.ts) applies a single one, in the batch's order, all in ONE transaction.
// The records' entries and rows are read once and changed in memory, then written back together: a
// batch of a record's ten changes must not rewrite its later entries and its row ten times.
import type { OutboxEntry, SyncLogRow, SyncOutcome } from '../db/outboxRows';
import { db } from '../db/db';
import type { Verdict } from './classify';
import { noteAnswered } from './answeredRecords';
import { endFlight } from './flights';
import { applyVerdictNow, entryAfter, inFlightEntry, rebasedAfter, verdictTables } from './outcome';
import type { LogDraft, OutcomeClock } from './outcome';
import { entriesOf, rebuiltRow, syncStateOf, tableOf } from './rows';

type Row = Record<string, unknown>;

/** One entry of a batch and what came back for it: its verdict, or null when the server did not try it. */
export type BatchAnswerOf = { sent: OutboxEntry; verdict: Verdict | null; log?: LogDraft };

export type BatchSettled = {
  /** Per entry id; `notAttempted` entries went back to waiting, their attempt uncounted. */
  outcomes: Map<string, SyncOutcome | 'notAttempted'>;
  /** Per record, its entries (every owner) as stored after the whole batch was applied. */
  entries: Map<string, OutboxEntry[]>;
};

type RecordState = { table: string; id: string | number; entries: OutboxEntry[]; row: Row | undefined; rowDirty: boolean; rowGone: boolean };

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
      this.records.set(e.entityKey, { table: e.table, id: e.recordId, entries: (byKey.get(e.entityKey) ?? []).sort((a, b) => a.seq - b.seq), row: undefined, rowDirty: false, rowGone: false });
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

  async reload(entityKey: string): Promise<void> {
    const state = this.records.get(entityKey);
    if (!state) return;
    state.entries = await entriesOf(entityKey);
    state.row = await tableOf(state.table).get(state.id);
    state.rowDirty = false;
    state.rowGone = false;
  }

  put(state: RecordState, entry: OutboxEntry): void {
    state.entries = state.entries.map((e) => (e.id === entry.id ? entry : e));
    this.putEntries.set(entry.id, entry);
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
    if (!state.row) return;
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

/**
 * Applies every answer of a batch (mutations only: photos go alone) in ONE transaction, in the batch's
 * order, each exactly as `applyVerdictNow` applies a single answer; the batch's flight row goes with it.
 */
export async function applyBatchVerdicts(answers: readonly BatchAnswerOf[], clock: OutcomeClock, flight: string | null): Promise<BatchSettled> {
  const tables = [...new Set([db.meta, ...answers.flatMap((a) => verdictTables(a.sent))])];
  return db.transaction('rw', tables, async () => {
    if (flight !== null) await endFlight(flight);
    const work = new WorkingSet();
    await work.load(answers.map((a) => a.sent));
    const outcomes = new Map<string, SyncOutcome | 'notAttempted'>();
    for (const { sent, verdict, log } of answers) {
      const state = work.records.get(sent.entityKey);
      const entry = state?.entries.find((e) => e.id === sent.id);
      if (!state || !entry) {
        // Discarded meanwhile: only the log row, as for a single answer.
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
      // The attempt counts now: a batch's entries were not written when it went (markBatchSent).
      const attempted = inFlightEntry(entry, sent.lastAttemptAt);
      let outcome: SyncOutcome;
      switch (verdict.kind) {
        case 'applied':
          work.remove(state, entry);
          work.noteApplied(state);
          for (const later of rebasedAfter(entry, verdict.record, state.entries)) work.put(state, later);
          if (entry.op === 'delete' || verdict.record === null) work.syncRowState(state);
          else work.rebuildRow(state, verdict.record);
          outcome = 'applied';
          break;
        case 'retry':
        case 'auth':
        case 'rejected':
          work.put(state, entryAfter(attempted, verdict, clock));
          work.syncRowState(state);
          outcome = verdict.kind;
          break;
        case 'conflict': {
          // Rare and involved (merge, a successor entry): the single path, on what is written so far.
          work.put(state, attempted);
          await work.flush();
          outcome = (await applyVerdictNow(sent, verdict, clock, log)).outcome;
          await work.reload(sent.entityKey);
          outcomes.set(sent.id, outcome);
          continue;
        }
      }
      work.log(log, outcome, clock);
      outcomes.set(sent.id, outcome);
    }
    await work.flush();
    const entries = new Map<string, OutboxEntry[]>();
    for (const [key, state] of work.records) entries.set(key, state.entries);
    return { outcomes, entries };
  });
}

