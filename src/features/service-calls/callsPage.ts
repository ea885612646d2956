// One page of the service-calls list: a walk of the in-memory list in the chosen order (callsIndex.ts),
// keeping the rows of the tab and building that match every typed word (search-as-you-type: each word
// is the start of one of the call's `searchWords`, normalised like them, src/lib/text.ts). The rows of
// a scope, and the matches of the last search, are kept until a row changes: paging walks only the
// scope, and a keystroke that narrows the last search filters only its matches.
import type { ServiceCallRow } from '../../db/schema';
import type { ServiceCallTab } from '../../lib/domain/entities';
import { callsInOrder, wordsTextOf } from './callsIndex';
import { searchTerms } from './listOrder';
import type { CallOrder } from './listOrder';

export type CallsQuery = { buildingId: number | null; tab: ServiceCallTab; search: string; order: CallOrder };
export type CallsPage = { rows: ServiceCallRow[]; total: number };

/** Rows with their search text (callsIndex `wordsTextOf`) side by side, read when a search first needs it. */
type Cached = { generation: number; scope: string; terms: readonly string[]; rows: readonly ServiceCallRow[]; texts: readonly string[] | null };

const SCOPES_KEPT = 8;
const scopes = new Map<string, Cached>();
let lastSearch: Cached | null = null;

function scopeRows(q: CallsQuery, all: readonly ServiceCallRow[], generation: number): Cached {
  const scope = `${q.order}|${q.tab}|${q.buildingId ?? ''}`;
  const kept = scopes.get(scope);
  if (kept?.generation === generation) return kept;
  const rows = all.filter((row) => row.tab === q.tab && (q.buildingId === null || row.buildingId === q.buildingId));
  const cached: Cached = { generation, scope, terms: [], rows, texts: null };
  if (scopes.size >= SCOPES_KEPT) scopes.clear();
  scopes.set(scope, cached);
  return cached;
}

/** Whether every match of `terms` is among the matches of `before` (each earlier word was extended, more may follow). */
function narrows(before: readonly string[], terms: readonly string[]): boolean {
  return before.length <= terms.length && before.every((term, i) => terms[i]?.startsWith(term) === true);
}

function matching(terms: readonly string[], inScope: Cached): Cached {
  const last = lastSearch;
  const from = last && last.generation === inScope.generation && last.scope === inScope.scope && narrows(last.terms, terms) ? last : inScope;
  const needles = terms.map((term) => ` ${term}`);
  const rows: ServiceCallRow[] = [];
  const texts: string[] = [];
  const fromTexts = (from.texts ??= from.rows.map(wordsTextOf));
  for (let i = 0; i < from.rows.length; i += 1) {
    const text = fromTexts[i] as string;
    if (needles.every((needle) => text.includes(needle))) {
      rows.push(from.rows[i] as ServiceCallRow);
      texts.push(text);
    }
  }
  lastSearch = { generation: inScope.generation, scope: inScope.scope, terms, rows, texts };
  return lastSearch;
}

/** Rows `offset … offset + limit` of the list in the chosen order, and how many the list holds. */
export async function findCallsPage(q: CallsQuery, offset: number, limit: number): Promise<CallsPage> {
  const terms = searchTerms(q.search);
  const { rows: all, generation } = await callsInOrder(q.order);
  const inScope = scopeRows(q, all, generation);
  const { rows } = terms.length > 0 ? matching(terms, inScope) : inScope;
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}
