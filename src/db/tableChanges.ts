// Which rows of a table changed, in this context or another (a tab, the service worker): Dexie's
// `storagemutated` event, fired after each commit and relayed between contexts. For in-memory indexes
// of long lists (tableIndex.ts), kept current without reading IndexedDB.
import Dexie, { cmp } from 'dexie';
import type { IndexableType, ObservabilitySet } from 'dexie';
import { db } from './db';

/** The primary keys written or deleted, or 'all' when a range changed (a clear, a large bulk write). */
export type TableChange = IndexableType[] | 'all';

/** A RangeSet as Dexie keeps it (also after it crossed contexts as a plain object). */
type RangeNode = { from?: IndexableType; to?: IndexableType; l?: RangeNode | null; r?: RangeNode | null; d?: number };

const MANY_KEYS = 2_000;

function keysOf(node: RangeNode | null | undefined, into: IndexableType[]): boolean {
  if (!node || node.d === 0 || node.from === undefined || node.to === undefined) return true;
  if (cmp(node.from, node.to) !== 0 || into.length > MANY_KEYS) return false;
  if (!keysOf(node.l, into)) return false;
  into.push(node.from);
  return keysOf(node.r, into);
}

/** Calls `listener` after every committed change of the rows of the table named `table`; returns the unsubscribe. */
export function onTableChanged(table: string, listener: (change: TableChange) => void): () => void {
  const part = `idb://${db.name}/${table}/`;
  const handler = (parts: ObservabilitySet) => {
    if ('all' in parts) return listener('all');
    const changed = parts[part] as RangeNode | undefined;
    if (!changed) return;
    const keys: IndexableType[] = [];
    listener(keysOf(changed, keys) ? keys : 'all');
  };
  Dexie.on('storagemutated', handler);
  return () => Dexie.on.storagemutated.unsubscribe(handler);
}
