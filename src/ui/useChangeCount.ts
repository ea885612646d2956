// How many changes a source has announced since the screen mounted: a dependency that makes a live
// query read again when a list kept in memory (db/tableIndex.ts) changes, which Dexie's liveQuery
// cannot see (its reads are not IndexedDB reads).
import { useEffect, useState } from 'react';

/** `subscribe(listener)` calls the listener on every change and returns the unsubscribe. */
export function useChangeCount(subscribe: (listener: () => void) => () => void): number {
  const [count, setCount] = useState(0);
  useEffect(() => subscribe(() => setCount((n) => n + 1)), [subscribe]);
  return count;
}
