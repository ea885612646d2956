// Row 5: the long lists over 20 000 rows each in Dexie, each through the screen's own query: the
// service-calls list (every keystroke of search-as-you-type, sorted paging; bench/harness/listQuery.ts),
// contact search, the keys list and the meter readings (bench/harness/longLists.ts); and the first page
// of each list's screen in a page just loaded, before the list is in memory (bench/harness/listOpen.ts).
import { typedQueries } from './callData';
import { typedPrefixes } from './listData';
import type { BenchContext } from './context';
import type { Harness } from './harness';
import { ms, percentile } from './stats';
import type { BenchRow } from './table';

const TARGET_MS = 16;
const FIRST_PAGE_TARGET_MS = 100;
const PAGE_SIZE = 50;
export const LIST_TARGET = 'p95 ≤ 16 ms (search-as-you-type and paging); first page after opening ≤ 100 ms';

const OPENED = ['calls', 'contacts', 'keys', 'readings', 'meters'] as const;
type Opened = (typeof OPENED)[number];
type OpenedResult = { firstPageMs: number; rows: number; inMemoryMs: number };

/** Each list's screen opened in a page just loaded (median of `runs`, each in a page of its own). */
async function openEach(harness: Harness, runs: number, building: number): Promise<Record<Opened, OpenedResult>> {
  const results = new Map<Opened, OpenedResult[]>();
  for (let run = 0; run < runs; run++) {
    for (const list of OPENED) {
      await harness.reopen();
      const opened = await harness.call('listOpen', { list, pageSize: PAGE_SIZE, buildingId: building, meterId: `meter-${building}-0`, search: 'מ' });
      if (opened.rows === 0) throw new Error(`the ${list} screen opened on an empty page`);
      results.set(list, [...(results.get(list) ?? []), opened]);
    }
  }
  const median = (list: Opened): OpenedResult => {
    const all = results.get(list) ?? [];
    return {
      firstPageMs: percentile(
        all.map((r) => r.firstPageMs),
        50,
      ),
      rows: all[0]?.rows ?? 0,
      inMemoryMs: percentile(
        all.map((r) => r.inMemoryMs),
        50,
      ),
    };
  };
  return { calls: median('calls'), contacts: median('contacts'), keys: median('keys'), readings: median('readings'), meters: median('meters') };
}

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
  const calls95 = percentile([...r.search, ...r.paging], 95);

  const lists = await harness.call('longListsLoad', { rows });
  if (lists.contacts !== rows || lists.keys !== rows || lists.readings !== rows)
    throw new Error(`the device holds ${lists.contacts} contacts, ${lists.keys} keys, ${lists.readings} readings, expected ${rows} each`);
  const opened = await openEach(harness, ctx.quick ? 1 : 3, 101);
  const firstPage = Math.max(...OPENED.map((list) => opened[list].firstPageMs));
  await harness.reopen();
  const l = await harness.call('longListsQuery', {
    contactQueries: typedPrefixes(ctx.quick ? ['משה', 'Анна', 'dana'] : ['משה לוי', 'Анна Петров', 'dana cohen', 'dana.levi', '054 12', 'גזבר']),
    itemQueries: typedPrefixes(ctx.quick ? ['k-1', 'ключ'] : ['k-12', 'משה כהן', 'ключ от', 'spare key', '27']),
    metersPerBuilding: ctx.quick ? 3 : 10,
  });
  if (l.contactHits === 0 || l.itemHits === 0) throw new Error('a contact or item search found nothing');
  const contacts95 = percentile(l.contacts, 95);
  const items95 = percentile(l.items, 95);
  const readings95 = percentile(l.readings, 95);
  const all95 = Math.max(calls95, contacts95, items95, readings95);
  const openedText = OPENED.map((list) => `${list} ${ms(opened[list].firstPageMs)}`).join(', ');
  const inMemoryText = OPENED.filter((list) => list !== 'meters')
    .map((list) => `${list} ${ms(opened[list].inMemoryMs)}`)
    .join(', ');
  return {
    figure: 'list query',
    how:
      `${rows} rows each in Dexie, pages of ${PAGE_SIZE}. Calls (${loaded.openRows} open): findCallsPage, ${r.search.length} keystrokes (company and one building), ${r.paging.length} sorted pages (4 orders). ` +
      `Contacts: searchContacts + placesOf, ${l.contacts.length} keystrokes (Hebrew, Russian, Latin, e-mail, phone; company and one building). ` +
      `Keys (${rows / 4} in the building): itemsView, ${l.items.length} keystrokes and tab switches. Readings: buildingMeters and meterDetail, ${l.readings.length} screens. ` +
      `First page after opening, in a page just loaded (median of ${ctx.quick ? 1 : 3}): the company's open calls, the first letter of a contact search in a building, a building's pending keys, a meter's readings, a building's meters; the list in memory after it (idle time)`,
    result:
      `p95 ${ms(all95)} — calls ${ms(calls95)} (search ${ms(search95)}, paging ${ms(paging95)}), contacts ${ms(contacts95)}, items ${ms(items95)}, readings ${ms(readings95)}; ` +
      `first page after opening ${ms(firstPage)} — ${openedText} (in memory after: ${inMemoryText})`,
    reference: '—',
    ratio: '—',
    target: LIST_TARGET,
    verdict: all95 <= TARGET_MS && firstPage <= FIRST_PAGE_TARGET_MS ? 'met' : 'missed',
    values: {
      firstPageMs: firstPage,
      ...Object.fromEntries(
        OPENED.flatMap((list) => [
          [`${list}FirstPageMs`, opened[list].firstPageMs],
          [`${list}InMemoryMs`, opened[list].inMemoryMs],
        ]),
      ),
      contactsP95Ms: contacts95,
      contactsP50Ms: percentile(l.contacts, 50),
      itemsP95Ms: items95,
      itemsP50Ms: percentile(l.items, 50),
      readingsP95Ms: readings95,
      readingsP50Ms: percentile(l.readings, 50),
      contactsFirstReadMs: l.firstRead.contacts,
      itemsFirstReadMs: l.firstRead.items,
      readingsFirstReadMs: l.firstRead.readings,
      longListsLoadMs: lists.loadMs,
      callsP95Ms: calls95,
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
