// Entries going out: counted, and their rows show "sent", in one transaction before the request. What
// comes back is applied by applyAnswers.ts, for a batch and a single request alike.
import type { Table } from 'dexie';
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { recordFlight } from './flights';
import { setRowsSyncState, tableOf } from '../write/rows';

export type OutcomeClock = { now: () => number; random: () => number };

/**
 * How the entries whose answers are applied went out: `stored` when `markInFlight` wrote them counted
 * (a change or photo alone), else a batch's, counted when its answers are applied; `flight` the batch's
 * flight row (flights.ts), dropped with them.
 */
export type Marking = { flight: string | null; stored: boolean };

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
 * (`applyAnswers`): writing each entry twice was a third of a replay's IndexedDB work.
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
    const stored = await db.outbox
      .where('entityKey')
      .anyOf([...new Set(entries.map((e) => e.entityKey))])
      .toArray();
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
