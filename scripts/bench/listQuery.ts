// Row 5: the service-calls list over 20 000 calls in Dexie: every keystroke of search-as-you-type
// and sorted paging, each through the screen's own query (bench/harness/listQuery.ts).
import { typedQueries } from './callData';
import type { BenchContext } from './context';
import { ms, percentile } from './stats';
import type { BenchRow } from './table';

const TARGET_MS = 16;
const PAGE_SIZE = 50;

export async function measureListQuery(ctx: BenchContext): Promise<BenchRow> {
  const rows = ctx.quick ? 2_000 : 20_000;
  const queries = ctx.quick ? typedQueries(['נזילת', 'מעלית']) : typedQueries();
  const harness = await ctx.harness();
  const loaded = await harness.call('listLoad', { rows });
  if (loaded.rows !== rows) throw new Error(`the device holds ${loaded.rows} calls, expected ${rows}`);
  const r = await harness.call('listQuery', { pageSize: PAGE_SIZE, pages: ctx.quick ? 2 : 5, queries });
  if (!r.hits.some((h) => h > 0)) throw new Error('no search found anything');
  const search95 = percentile(r.search, 95);
  const paging95 = percentile(r.paging, 95);
  const all95 = percentile([...r.search, ...r.paging], 95);
  return {
    figure: 'list query',
    how: `${rows} calls (${loaded.openRows} open) in Dexie; findCallsPage, pages of ${PAGE_SIZE}: ${r.search.length} keystrokes (company and one building), ${r.paging.length} sorted pages (4 orders)`,
    result: `p95 ${ms(all95)} (search ${ms(search95)}, paging ${ms(paging95)})`,
    reference: '—',
    ratio: '—',
    target: 'p95 ≤ 16 ms (search-as-you-type and paging)',
    verdict: all95 <= TARGET_MS ? 'met' : 'missed',
    values: {
      rows,
      openRows: loaded.openRows,
      loadMs: loaded.loadMs,
      p95Ms: all95,
      searchP50Ms: percentile(r.search, 50),
      searchP95Ms: search95,
      pagingP50Ms: percentile(r.paging, 50),
      pagingP95Ms: paging95,
      keystrokes: r.search.length,
      pages: r.paging.length,
    },
  };
}
