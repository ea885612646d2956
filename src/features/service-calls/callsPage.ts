// One page of the service-calls list: a walk of the in-memory list in the chosen order (callsIndex.ts),
// keeping the rows of the tab and building that match every typed word (search-as-you-type: each word
// is the start of one of the call's `searchWords`, normalised like them, src/lib/text.ts). The rows of
// a scope, and the matches of the last search, are kept until a row changes (lib/listSearch.ts).
// Before the list is in memory, the page a screen opens on (newest opened first, no search) is read
// from an index instead, and the list is built after it in idle time.
import { db } from '../../db/db';
import { newestFirstPage } from '../../db/firstPage';
import type { ServiceCallRow } from '../../db/schema';
import type { ServiceCallTab } from '../../lib/domain/entities';
import { listSearch, narrowsWords } from '../../lib/listSearch';
import { callsIndex } from './callsIndex';
import { compareCalls, searchTerms } from './listOrder';
import type { CallOrder } from './listOrder';

export type CallsQuery = { buildingId: number | null; tab: ServiceCallTab; search: string; order: CallOrder };
/** `total` null: more rows follow than the page holds, not counted yet (a first page read from an index). */
export type CallsPage = { rows: ServiceCallRow[]; total: number | null };

/** The query is the typed words as needles ` word` into the rows' ` word1 word2 …` texts. */
const search = listSearch<ServiceCallRow, string, readonly string[]>(narrowsWords);
const matchesAll = (text: string, needles: readonly string[]) => needles.every((needle) => text.includes(needle));

const newestOpened = compareCalls('openedAt');

/**
 * The first page newest opened first, from the `[(buildingId+)tab+openedAt]` indexes: one row more than
 * the page tells whether more follow. Not how many: counting 10 000 index entries costs more than the
 * page (~100 ms); the count comes with the list in memory, built after this page.
 */
export async function firstCallsPage(q: Pick<CallsQuery, 'buildingId' | 'tab'>, limit: number): Promise<CallsPage> {
  const index = q.buildingId === null ? '[tab+openedAt]' : '[buildingId+tab+openedAt]';
  const scope = q.buildingId === null ? [q.tab] : [q.buildingId, q.tab];
  const rows = await newestFirstPage(db.serviceCalls, { index, scope, timeOf: (row) => row.openedAt, compare: newestOpened }, limit + 1);
  return rows.length > limit ? { rows: rows.slice(0, limit), total: null } : { rows, total: rows.length };
}

/** Rows `offset … offset + limit` of the list in the chosen order, and how many the list holds. */
export async function findCallsPage(q: CallsQuery, offset: number, limit: number): Promise<CallsPage> {
  const terms = searchTerms(q.search);
  if (offset === 0 && Number.isFinite(limit) && terms.length === 0 && q.order === 'openedAt' && !callsIndex.isReady()) {
    const page = await firstCallsPage(q, limit);
    void callsIndex.prepare();
    return page;
  }
  const { entries, generation } = await callsIndex.inOrder(q.order);
  const scoped = search.scope(
    `${q.order}|${q.tab}|${q.buildingId ?? ''}`,
    generation,
    entries,
    (row) => row.tab === q.tab && (q.buildingId === null || row.buildingId === q.buildingId),
  );
  const found =
    terms.length > 0
      ? search.matching(
          scoped,
          terms.map((term) => ` ${term}`),
          matchesAll,
        )
      : scoped.entries;
  return { rows: found.slice(offset, offset + limit).map((entry) => entry.row), total: found.length };
}
