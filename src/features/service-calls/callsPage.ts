// One page of the service-calls list, read from the ordered list indexes (schema v3) instead of
// sorting a whole tab. An order is a list of index ranges ("segments") walked newest first: one for the
// dates, one per priority (urgent first) or per status of the tab (workflow order). A search collects
// primary keys only (the `searchWords` multi-entry index, one range per typed word), then orders them
// by a key-only read of the same segments, and fetches just the rows of the page.
import Dexie from 'dexie';
import type { IndexableType } from 'dexie';
import { db } from '../../db/db';
import type { ServiceCallRow } from '../../db/schema';
import { serviceCallPriorities, serviceCallStatuses } from '../../lib/domain/entities';
import type { ServiceCallTab } from '../../lib/domain/entities';
import { tabOf } from '../../lib/domain/serviceCallStatus';
import { compareCalls, searchTerms } from './listOrder';
import type { CallOrder } from './listOrder';

export type CallsQuery = { buildingId: number | null; tab: ServiceCallTab; search: string; order: CallOrder };
export type CallsPage = { rows: ServiceCallRow[]; total: number };

type Segment = { index: string; lower: IndexableType[]; upper: IndexableType[] };

/** Below this many search matches, reading and sorting the rows beats reading the order's keys. */
const FEW_MATCHES = 400;

const urgentFirst = [...serviceCallPriorities].reverse();

function segment(index: string, prefix: IndexableType[]): Segment {
  return { index: `[${index}]`, lower: [...prefix, Dexie.minKey], upper: [...prefix, Dexie.maxKey] };
}

function segmentsOf(q: Pick<CallsQuery, 'buildingId' | 'tab' | 'order'>): Segment[] {
  const scope: IndexableType[] = q.buildingId === null ? [] : [q.buildingId];
  const pre = q.buildingId === null ? '' : 'buildingId+';
  switch (q.order) {
    case 'openedAt':
      return [segment(`${pre}tab+openedAt`, [...scope, q.tab])];
    case 'lastUpdateAt':
      return [segment(`${pre}tab+lastUpdateAt+openedAt`, [...scope, q.tab])];
    case 'priority':
      return urgentFirst.map((p) => segment(`${pre}tab+priority+openedAt`, [...scope, q.tab, p]));
    case 'status':
      return serviceCallStatuses.filter((s) => tabOf(s) === q.tab).map((s) => segment(`${pre}status+openedAt`, [...scope, s]));
  }
}

function range(s: Segment) {
  return db.serviceCalls.where(s.index).between(s.lower, s.upper);
}

async function browse(segments: Segment[], offset: number, limit: number): Promise<CallsPage> {
  const counts = await Promise.all(segments.map((s) => range(s).count()));
  const reads: Promise<ServiceCallRow[]>[] = [];
  let skip = offset;
  let wanted = limit;
  segments.forEach((s, i) => {
    const count = counts[i] ?? 0;
    if (wanted <= 0) return;
    if (skip >= count) {
      skip -= count;
      return;
    }
    const take = Math.min(wanted, count - skip);
    reads.push(range(s).reverse().offset(skip).limit(take).toArray());
    wanted -= take;
    skip = 0;
  });
  const pages = await Promise.all(reads);
  return { rows: pages.flat(), total: counts.reduce((a, b) => a + b, 0) };
}

/** Ids of the calls matching every typed word (each word is the start of one of the call's words). */
async function matchingIds(terms: readonly string[]): Promise<Set<string>> {
  const perTerm = await Promise.all([...new Set(terms)].map((term) => db.serviceCalls.where('searchWords').startsWith(term).primaryKeys()));
  perTerm.sort((a, b) => a.length - b.length);
  let ids = new Set(perTerm[0] ?? []);
  for (const keys of perTerm.slice(1)) {
    const next = new Set(keys);
    ids = new Set([...ids].filter((id) => next.has(id)));
  }
  return ids;
}

async function search(q: CallsQuery, terms: readonly string[], offset: number, limit: number): Promise<CallsPage> {
  const ids = await matchingIds(terms);
  if (ids.size <= FEW_MATCHES) {
    const found = (await db.serviceCalls.bulkGet([...ids])).filter(
      (r): r is ServiceCallRow => r !== undefined && r.tab === q.tab && (q.buildingId === null || r.buildingId === q.buildingId),
    );
    return { rows: found.sort(compareCalls(q.order)).slice(offset, offset + limit), total: found.length };
  }
  // Many matches: the order's index keys (forward reads, walked from the end = newest first).
  const ordered = await Promise.all(segmentsOf(q).map((s) => range(s).primaryKeys()));
  const page: string[] = [];
  let total = 0;
  for (const keys of ordered) {
    for (let i = keys.length - 1; i >= 0; i--) {
      const id = keys[i] as string;
      if (!ids.has(id)) continue;
      if (total >= offset && page.length < limit) page.push(id);
      total += 1;
    }
  }
  const rows = await db.serviceCalls.bulkGet(page);
  return { rows: rows.filter((r): r is ServiceCallRow => r !== undefined), total };
}

/** Rows `offset … offset + limit` of the list in the chosen order, and how many the list holds. */
export function findCallsPage(q: CallsQuery, offset: number, limit: number): Promise<CallsPage> {
  const terms = searchTerms(q.search);
  return db.transaction('r', db.serviceCalls, () => (terms.length > 0 ? search(q, terms, offset, limit) : browse(segmentsOf(q), offset, limit)));
}
