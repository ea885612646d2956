// A live query over the lists kept in memory (db/tableIndex.ts): Dexie's liveQuery sees IndexedDB reads
// only, so the query is also read again each time one of the indexes it reads announces a change. The
// screen names what it reads and gets the answer; no change counter passes through its hands.
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';

/** `subscribe(listener)` calls the listener on every change and returns the unsubscribe. */
export type ChangeSource = (listener: () => void) => () => void;

/**
 * `query`'s answer (undefined while the first read runs), read again when `deps` change, when a table it
 * reads changes, and when `changes` announces a change of an index it reads. `changes` must be stable.
 */
export function useIndexedQuery<T>(changes: ChangeSource, query: () => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  const [round, setRound] = useState(0);
  useEffect(() => changes(() => setRound((n) => n + 1)), [changes]);
  return useLiveQuery(query, [...deps, changes, round]);
}
