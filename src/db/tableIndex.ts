// A long list in memory: every row of a table, read once from IndexedDB, kept sorted in each of the
// list's orders beside what its search reads (its "facts"), and kept current by the table's change
// events (tableChanges.ts: the write path, pulls, the service worker's replay — any context), which
// say which rows to read again. A keystroke or a page is then a walk of an array, not an IndexedDB
// range scan (the bench's list row: 20 000 rows). Searching and scoping it: lib/listSearch.ts.
import type { Table } from 'dexie';
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

export type TableIndex<Row, Order extends string, Facts> = {
  /** Every row, current (only what changed is read again), in the order; the generation moves on every change. */
  inOrder: (order: Order) => Promise<{ entries: readonly Entry<Row, Facts>[]; generation: number }>;
  /** The rows of these keys, current (undefined where the table has none), without an IndexedDB walk. */
  rowsOf: (ids: readonly Key[]) => Promise<(Row | undefined)[]>;
  /** Called after any change of the table's rows (here or in another context); returns the unsubscribe. */
  onChanged: (listener: () => void) => () => void;
};

type Key = string | number;

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
): TableIndex<Row, Order, Facts> {
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

  function subscribe(): void {
    if (subscribed) return;
    subscribed = true;
    onTableChanged(table.name, (change) => {
      if (change === 'all') stale = true;
      else for (const key of change) pending.add(key as K);
      for (const listener of listeners) listener();
    });
  }

  function rebuild(rows: readonly Row[]): void {
    generation += 1;
    const all = rows.map((row) => ({ row, facts: options.facts(row) }));
    entries = new Map(all.map((entry) => [entry.row.id, entry]));
    sorted = new Map(orders.map((order) => [order, [...all].sort((a, b) => options.orders[order](a.row, b.row))]));
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
    if (stale) {
      stale = false;
      pending.clear();
      rebuild(await table.toArray());
      return;
    }
    if (pending.size === 0) return;
    const ids = [...pending];
    pending.clear();
    const fresh = await table.bulkGet(ids);
    ids.forEach((id, i) => replaceRow(id, fresh[i]));
  }

  async function current(): Promise<void> {
    subscribe();
    if (stale || pending.size > 0) {
      refreshing = refreshing.then(refresh, refresh);
      await refreshing;
    }
  }

  return {
    async inOrder(order) {
      await current();
      return { entries: sorted.get(order) ?? [], generation };
    },
    async rowsOf(ids) {
      await current();
      return ids.map((id) => entries.get(id)?.row);
    },
    onChanged(listener) {
      subscribe();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One subscription to the changes of several indexes (a screen that joins their rows). */
export function onAnyChanged(...indexes: readonly Pick<TableIndex<never, never, unknown>, 'onChanged'>[]): (listener: () => void) => () => void {
  return (listener) => {
    const stops = indexes.map((index) => index.onChanged(listener));
    return () => stops.forEach((stop) => stop());
  };
}
