// A long list in memory: every row of a table, read once from IndexedDB, kept sorted in each of the
// list's orders beside what its search reads (its "facts"), and kept current by the table's change
// events (tableChanges.ts: the write path, pulls, the service worker's replay — any context), which
// say which rows to read again. A keystroke or a page is then a walk of an array, not an IndexedDB
// range scan (the bench's list row: 20 000 rows). Searching and scoping it: lib/listSearch.ts.
//
// Reading 20 000 rows and sorting them takes a few hundred milliseconds, so a screen does not wait for
// it to show its first page: that page is an IndexedDB index read (the list's first-page readers),
// and `prepare()` builds this list after it in idle time, a chunk of rows per task, each chunk sorted
// into each order, the sorted chunks merged last, so typing and rendering go first. A reader that needs the whole list (a search, a later page)
// hurries the build: it then runs a chunk per task, still yielding to input between chunks.
import type { Table } from 'dexie';
import { idleWait, nextTask } from '../lib/idle';
import type { IdleWait } from '../lib/idle';
import type { Entry } from '../lib/listSearch';
import { onTableChanged } from './tableChanges';

export type { Entry } from '../lib/listSearch';

/** A total order (ties broken down to the row's key), so a row's place is found by bisection. */
export type RowOrder<Row> = (a: Row, b: Row) => number;

export type TableIndexOptions<Row, Order extends string, Facts> = {
  orders: Readonly<Record<Order, RowOrder<Row>>>;
  /** What the list's search reads of a row, computed when the row is read. */
  facts: (row: Row) => Facts;
};

export type TableIndex<Row, Order extends string, Facts, K extends Key = Key> = {
  /** Every row, current (only what changed is read again), in the order; the generation moves on every change. */
  inOrder: (order: Order) => Promise<{ entries: readonly Entry<Row, Facts>[]; generation: number }>;
  /** The rows of these keys, current (undefined where the table has none); from memory once built, else one IndexedDB read. */
  rowsOf: (ids: readonly K[]) => Promise<(Row | undefined)[]>;
  /** Called after any change of the table's rows (here or in another context), and once the list is built; returns the unsubscribe. */
  onChanged: (listener: () => void) => () => void;
  /** Whether the rows are in memory (a read now walks memory instead of waiting for the build). */
  isReady: () => boolean;
  /** Builds the list in idle time, a chunk at a time, unless it is built; resolves when it is (never rejects). */
  prepare: () => Promise<void>;
};

type Key = string | number;

/** Rows read per IndexedDB read of a build, and sorted into the orders per task. */
export const BUILD_CHUNK_ROWS = 2_000;

/** Position of `row` in `list` sorted by `compare` (the orders are total, so it is exact). */
function positionOf<Row, Facts>(list: readonly Entry<Row, Facts>[], row: Row, compare: RowOrder<Row>): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare((list[mid] as Entry<Row, Facts>).row, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The in-memory list of `table` (its primary key is `id`); nothing is read or subscribed before the first use. */
export function tableIndex<Row extends { id: K }, K extends Key, Order extends string, Facts>(
  table: Table<Row, K>,
  options: TableIndexOptions<Row, Order, Facts>,
): TableIndex<Row, Order, Facts, K> {
  const orders = Object.keys(options.orders) as Order[];
  let entries = new Map<Key, Entry<Row, Facts>>();
  let sorted = new Map<Order, Entry<Row, Facts>[]>();
  /** Rows changed since they were read. */
  const pending = new Set<K>();
  /** Everything must be read again (a clear, a large bulk write), or nothing was read yet. */
  let stale = true;
  let generation = 0;
  const listeners = new Set<() => void>();
  let subscribed = false;
  // One refresh at a time: a second caller waits for the first one's reads.
  let refreshing: Promise<void> = Promise.resolve();
  /** The build under way; `urgent` once a reader waits for it (no more waiting for idle time). */
  let building: Promise<void> | null = null;
  let urgent = false;
  let idle: IdleWait | null = null;

  function subscribe(): void {
    if (subscribed) return;
    subscribed = true;
    onTableChanged(table.name, (change) => {
      if (change === 'all') stale = true;
      else for (const key of change) pending.add(key as K);
      for (const listener of listeners) listener();
    });
  }

  /** Lets input and rendering go first: until the next task, or until idle time while nobody waits. */
  async function yieldTurn(): Promise<void> {
    if (urgent) return nextTask();
    idle = idleWait();
    await idle.done;
    idle = null;
  }

  /** Every row, read by primary key a chunk at a time, each chunk sorted into every order, the sorted chunks merged last. */
  async function build(): Promise<void> {
    const all: Entry<Row, Facts>[] = [];
    const lists = new Map<Order, Entry<Row, Facts>[]>(orders.map((order) => [order, []]));
    let after: K | undefined;
    for (;;) {
      await yieldTurn();
      const rows =
        after === undefined ? await table.limit(BUILD_CHUNK_ROWS).toArray() : await table.where(':id').above(after).limit(BUILD_CHUNK_ROWS).toArray();
      const chunk = rows.map((row) => ({ row, facts: options.facts(row) }));
      for (const entry of chunk) all.push(entry);
      for (const order of orders) {
        if (order !== orders[0]) await yieldTurn();
        const compare = options.orders[order];
        const list = lists.get(order) ?? [];
        for (const entry of chunk.sort((a, b) => compare(a.row, b.row))) list.push(entry);
      }
      const last = rows.at(-1);
      if (rows.length < BUILD_CHUNK_ROWS || last === undefined) break;
      after = last.id;
    }
    // Each list is now a run of sorted chunks: the engine's sort (TimSort) merges runs in about
    // n·log2(chunks) comparisons, a fraction of a whole sort, in place (merging each chunk into a growing
    // copy instead compares about as much and leaves five times the list's size in garbage).
    for (const order of orders) {
      await yieldTurn();
      const compare = options.orders[order];
      lists.get(order)?.sort((a, b) => compare(a.row, b.row));
    }
    generation += 1;
    entries = new Map(all.map((entry) => [entry.row.id, entry]));
    sorted = lists;
  }

  function hurry(): void {
    urgent = true;
    idle?.hurry();
  }

  /** Starts the build (or joins the one under way); rows changed meanwhile stay pending and are read after it. */
  function startBuild(now: boolean): Promise<void> {
    if (building) {
      if (now) hurry();
      return building;
    }
    urgent = now;
    building = (async () => {
      try {
        // A clear or a large write during a build makes it stale again: read again, a few times at most.
        for (let round = 0; stale && round < 3; round += 1) {
          stale = false;
          pending.clear();
          await build();
        }
        // A screen that showed a page read from an index reads again, now from memory (e.g. to count).
        for (const listener of listeners) listener();
      } catch (error) {
        stale = true;
        throw error;
      } finally {
        building = null;
        urgent = false;
      }
    })();
    return building;
  }

  function replaceRow(id: K, next: Row | undefined): void {
    generation += 1;
    const old = entries.get(id);
    const entry = next ? { row: next, facts: options.facts(next) } : undefined;
    for (const order of orders) {
      const list = sorted.get(order);
      if (!list) continue;
      const compare = options.orders[order];
      if (old) {
        let at = positionOf(list, old.row, compare);
        if (list[at] !== old) at = list.indexOf(old);
        if (at >= 0) list.splice(at, 1);
      }
      if (entry) list.splice(positionOf(list, entry.row, compare), 0, entry);
    }
    if (entry) entries.set(id, entry);
    else entries.delete(id);
  }

  async function refresh(): Promise<void> {
    if (stale || building) await startBuild(true);
    if (pending.size === 0) return;
    const ids = [...pending];
    pending.clear();
    const fresh = await table.bulkGet(ids);
    ids.forEach((id, i) => replaceRow(id, fresh[i]));
  }

  async function current(): Promise<void> {
    subscribe();
    if (stale || building || pending.size > 0) {
      refreshing = refreshing.then(refresh, refresh);
      await refreshing;
    }
  }

  const isReady = () => !stale && building === null;

  function prepare(): Promise<void> {
    subscribe();
    if (isReady()) return Promise.resolve();
    return startBuild(false).catch(() => undefined);
  }

  return {
    async inOrder(order) {
      await current();
      return { entries: sorted.get(order) ?? [], generation };
    },
    async rowsOf(ids) {
      if (!isReady()) {
        void prepare();
        return table.bulkGet([...ids]);
      }
      await current();
      return ids.map((id) => entries.get(id)?.row);
    },
    onChanged(listener) {
      subscribe();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isReady,
    prepare,
  };
}

/** One subscription to the changes of several indexes (a screen that joins their rows). */
export function onAnyChanged(...indexes: readonly Pick<TableIndex<never, never, unknown>, 'onChanged'>[]): (listener: () => void) => () => void {
  return (listener) => {
    const stops = indexes.map((index) => index.onChanged(listener));
    return () => stops.forEach((stop) => stop());
  };
}
