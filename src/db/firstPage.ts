// A long list's first page straight from an IndexedDB index, for the moment a screen opens and its
// list is not in memory yet (tableIndex.ts builds it after this page, in idle time): a reverse walk of
// an index over `[…scope, time]` stops after the page, instead of reading and sorting every row.
import Dexie from 'dexie';
import type { IndexableTypePart, Table } from 'dexie';

/** The rows whose index key starts with `scope` (any value of the parts after it), in the index's order. */
export function rowsInScope<Row, K>(table: Table<Row, K>, index: string, scope: readonly IndexableTypePart[]) {
  const lower: unknown[] = [...scope, Dexie.minKey];
  const upper: unknown[] = [...scope, Dexie.maxKey];
  return table.where(index).between(lower, upper);
}

export type NewestFirst<Row> = {
  /** A compound index whose last part is the list's time, e.g. `[buildingId+tab+openedAt]`. */
  index: string;
  /** The leading parts of the index that pick the list (the tab, the building and tab, …). */
  scope: readonly IndexableTypePart[];
  /** The row's value of the index's last part. */
  timeOf: (row: Row) => IndexableTypePart;
  /** The list's order: newest first by that time, then its own tie-break (which may differ from the index's). */
  compare: (a: Row, b: Row) => number;
};

/**
 * The first `limit` rows of the list, in its order. Rows that share the page's last time are read whole
 * and sorted, so a tie-break unlike the index's own (the primary key, ascending) still gives the page
 * the in-memory list gives.
 */
export async function newestFirstPage<Row extends { id: K }, K extends string | number>(
  table: Table<Row, K>,
  list: NewestFirst<Row>,
  limit: number,
): Promise<Row[]> {
  const rows = await rowsInScope(table, list.index, list.scope).reverse().limit(limit).toArray();
  const last = rows.at(-1);
  if (rows.length < limit || last === undefined) return rows.sort(list.compare);
  const tied = await table
    .where(list.index)
    .equals([...list.scope, list.timeOf(last)])
    .toArray();
  const byId = new Map<K, Row>(rows.map((row) => [row.id, row]));
  for (const row of tied) byId.set(row.id, row);
  return [...byId.values()].sort(list.compare).slice(0, limit);
}

/** How many rows the list holds: a count of the index's range (no row is read). */
export function countInScope<Row, K>(table: Table<Row, K>, index: string, scope: readonly IndexableTypePart[]): Promise<number> {
  return rowsInScope(table, index, scope).count();
}
