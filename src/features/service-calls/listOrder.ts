// Order and search of the service-calls list (kept in the session as serviceCallsOrder/Search).
import { searchWordsOf } from '../../db/decorate';
import type { ServiceCallPriority, ServiceCallStatus } from '../../lib/domain/entities';
import { serviceCallPriorities, serviceCallStatuses } from '../../lib/domain/entities';

export const callOrders = ['openedAt', 'lastUpdateAt', 'priority', 'status'] as const;
export type CallOrder = (typeof callOrders)[number];
export const DEFAULT_ORDER: CallOrder = 'openedAt';

export function parseOrder(value: string | null | undefined): CallOrder {
  return callOrders.find((o) => o === value) ?? DEFAULT_ORDER;
}

type Sortable = { id?: string; openedAt: string; lastUpdateAt: string; priority: ServiceCallPriority; status: ServiceCallStatus; callNumber: number | null };

const byTimeDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const priorityRank = (p: ServiceCallPriority) => -serviceCallPriorities.indexOf(p); // urgent first
const statusRank = (s: ServiceCallStatus) => serviceCallStatuses.indexOf(s); // workflow order

/**
 * Newest first for dates; most urgent first; statuses in workflow order. Ties: newest opened first,
 * then the id descending: a total order, the one a reverse walk of the list indexes yields.
 */
export function compareCalls(order: CallOrder): (a: Sortable, b: Sortable) => number {
  return (a, b) => {
    let primary = 0;
    if (order === 'lastUpdateAt') primary = byTimeDesc(a.lastUpdateAt, b.lastUpdateAt);
    else if (order === 'priority') primary = priorityRank(a.priority) - priorityRank(b.priority);
    else if (order === 'status') primary = statusRank(a.status) - statusRank(b.status);
    return primary || byTimeDesc(a.openedAt, b.openedAt) || byTimeDesc(a.id ?? '', b.id ?? '');
  };
}

/** The words of a search text, split and lower-cased exactly like the rows' `searchWords`. */
export function searchTerms(text: string): string[] {
  return searchWordsOf({ text: text.trim() }, ['text']);
}

/** Search-as-you-type: every term is the start of one of the row's words. */
export function matchesTerms(words: readonly string[] | undefined, terms: readonly string[]): boolean {
  return terms.every((term) => (words ?? []).some((word) => word.startsWith(term)));
}
