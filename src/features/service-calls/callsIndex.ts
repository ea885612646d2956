// The service-calls list in memory: every call row, read once from IndexedDB, kept sorted in each list
// order, and kept current by the table's change events (db/tableChanges.ts: the write path, pulls, the
// service worker's replay), which say which rows to read again. A keystroke or a page is then a walk
// of an array, not an IndexedDB range scan (the bench's list row: 20 000 calls).
import { db } from '../../db/db';
import type { ServiceCallRow } from '../../db/schema';
import { onTableChanged } from '../../db/tableChanges';
import { callOrders, compareCalls } from './listOrder';
import type { CallOrder } from './listOrder';

type State = {
  rows: Map<string, ServiceCallRow>;
  /** Each row's search words as one text, ` word1 word2 …` (a term starts a word ⇔ ` term` occurs in it). */
  words: Map<ServiceCallRow, string>;
  /** All rows (every tab, every building) in each order. */
  sorted: Map<CallOrder, ServiceCallRow[]>;
  /** Rows changed since they were read. */
  pending: Set<string>;
  /** Everything must be read again (a clear, a large bulk write), or nothing was read yet. */
  stale: boolean;
};

/** Moves on every change of the rows in memory: results derived from them are kept until it moves. */
let generation = 0;

const state: State = { rows: new Map(), words: new Map(), sorted: new Map(), pending: new Set(), stale: true };

const wordsText = (row: ServiceCallRow) => ` ${(row.searchWords ?? []).join(' ')}`;
const listeners = new Set<() => void>();
let subscribed = false;
// One refresh at a time: a second caller waits for the first one's reads.
let refreshing: Promise<void> = Promise.resolve();

function subscribe(): void {
  if (subscribed) return;
  subscribed = true;
  onTableChanged('serviceCalls', (change) => {
    if (change === 'all') state.stale = true;
    else for (const key of change) state.pending.add(String(key));
    for (const listener of listeners) listener();
  });
}

/** Position of `row` in `list` sorted by `compare` (the orders are total, so it is exact). */
function positionOf(list: readonly ServiceCallRow[], row: ServiceCallRow, compare: (a: ServiceCallRow, b: ServiceCallRow) => number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(list[mid] as ServiceCallRow, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function rebuild(rows: readonly ServiceCallRow[]): void {
  generation += 1;
  state.rows = new Map(rows.map((r) => [r.id, r]));
  state.words = new Map(rows.map((r) => [r, wordsText(r)]));
  state.sorted = new Map(callOrders.map((order) => [order, [...rows].sort(compareCalls(order))]));
}

function replaceRow(id: string, next: ServiceCallRow | undefined): void {
  generation += 1;
  const old = state.rows.get(id);
  for (const order of callOrders) {
    const list = state.sorted.get(order);
    if (!list) continue;
    const compare = compareCalls(order);
    if (old) {
      let at = positionOf(list, old, compare);
      if (list[at]?.id !== id) at = list.findIndex((r) => r.id === id);
      if (at >= 0) list.splice(at, 1);
    }
    if (next) list.splice(positionOf(list, next, compare), 0, next);
  }
  if (old) state.words.delete(old);
  if (next) {
    state.rows.set(id, next);
    state.words.set(next, wordsText(next));
  } else {
    state.rows.delete(id);
  }
}

async function refresh(): Promise<void> {
  if (state.stale) {
    state.stale = false;
    state.pending.clear();
    rebuild(await db.serviceCalls.toArray());
    return;
  }
  if (state.pending.size === 0) return;
  const ids = [...state.pending];
  state.pending.clear();
  const fresh = await db.serviceCalls.bulkGet(ids);
  ids.forEach((id, i) => replaceRow(id, fresh[i]));
}

/** Every call row, current, in the order's sort (read from IndexedDB only what changed), and its generation. */
export async function callsInOrder(order: CallOrder): Promise<{ rows: readonly ServiceCallRow[]; generation: number }> {
  subscribe();
  if (state.stale || state.pending.size > 0) {
    refreshing = refreshing.then(refresh, refresh);
    await refreshing;
  }
  return { rows: state.sorted.get(order) ?? [], generation };
}

/** A row's search words as one text, ` word1 word2 …`: a term starts one of its words ⇔ ` term` occurs in it. */
export function wordsTextOf(row: ServiceCallRow): string {
  return state.words.get(row) ?? wordsText(row);
}

/** Called after any change of a call row (here or in another context); returns the unsubscribe. */
export function onCallsChanged(listener: () => void): () => void {
  subscribe();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
