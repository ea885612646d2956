// The service-calls list in memory (db/tableIndex.ts): every call row kept sorted in each list order,
// with its search words as one text, current after any change of the table in any context.
import { db } from '../../db/db';
import type { ServiceCallRow } from '../../db/schema';
import { tableIndex } from '../../db/tableIndex';
import { compareCalls } from './listOrder';

/** A row's search words as one text, ` word1 word2 …`: a term starts one of its words ⇔ ` term` occurs in it. */
const wordsText = (row: ServiceCallRow) => ` ${(row.searchWords ?? []).join(' ')}`;

export const callsIndex = tableIndex(db.serviceCalls, {
  orders: {
    openedAt: compareCalls('openedAt'),
    lastUpdateAt: compareCalls('lastUpdateAt'),
    priority: compareCalls('priority'),
    status: compareCalls('status'),
  },
  facts: wordsText,
});

/** Called after any change of a call row (here or in another context); returns the unsubscribe. */
export function onCallsChanged(listener: () => void): () => void {
  return callsIndex.onChanged(listener);
}
