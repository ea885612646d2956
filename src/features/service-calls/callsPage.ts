// One page of the service-calls list: a walk of the in-memory list in the chosen order (callsIndex.ts),
// keeping the rows of the tab and building that match every typed word (search-as-you-type: each word
// is the start of one of the call's `searchWords`, normalised like them, src/lib/text.ts). The rows of
// a scope, and the matches of the last search, are kept until a row changes (lib/listSearch.ts).
import type { ServiceCallRow } from '../../db/schema';
import type { ServiceCallTab } from '../../lib/domain/entities';
import { listSearch, narrowsWords } from '../../lib/listSearch';
import { callsIndex } from './callsIndex';
import { searchTerms } from './listOrder';
import type { CallOrder } from './listOrder';

export type CallsQuery = { buildingId: number | null; tab: ServiceCallTab; search: string; order: CallOrder };
export type CallsPage = { rows: ServiceCallRow[]; total: number };

/** The query is the typed words as needles ` word` into the rows' ` word1 word2 …` texts. */
const search = listSearch<ServiceCallRow, string, readonly string[]>(narrowsWords);
const matchesAll = (text: string, needles: readonly string[]) => needles.every((needle) => text.includes(needle));

/** Rows `offset … offset + limit` of the list in the chosen order, and how many the list holds. */
export async function findCallsPage(q: CallsQuery, offset: number, limit: number): Promise<CallsPage> {
  const terms = searchTerms(q.search);
  const { entries, generation } = await callsIndex.inOrder(q.order);
  const scoped = search.scope(`${q.order}|${q.tab}|${q.buildingId ?? ''}`, generation, entries, (row) => row.tab === q.tab && (q.buildingId === null || row.buildingId === q.buildingId));
  const found = terms.length > 0 ? search.matching(scoped, terms.map((term) => ` ${term}`), matchesAll) : scoped.entries;
  return { rows: found.slice(offset, offset + limit).map((entry) => entry.row), total: found.length };
}
