// Row 5: the long lists over 20 000 rows each in Dexie, each through the screen's own query: the
// service-calls list (every keystroke of search-as-you-type, sorted paging; bench/harness/listQuery.ts),
// contact search, the keys list and the meter readings (bench/harness/longLists.ts).
import { typedQueries } from './callData';
import { typedPrefixes } from './listData';
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
  const calls95 = percentile([...r.search, ...r.paging], 95);

  const lists = await harness.call('longListsLoad', { rows });
  if (lists.contacts !== rows || lists.keys !== rows || lists.readings !== rows) throw new Error(`the device holds ${lists.contacts} contacts, ${lists.keys} keys, ${lists.readings} readings, expected ${rows} each`);
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
  return {
    figure: 'list query',
    how:
      `${rows} rows each in Dexie, pages of ${PAGE_SIZE}. Calls (${loaded.openRows} open): findCallsPage, ${r.search.length} keystrokes (company and one building), ${r.paging.length} sorted pages (4 orders). ` +
      `Contacts: searchContacts + placesOf, ${l.contacts.length} keystrokes (Hebrew, Russian, Latin, e-mail, phone; company and one building). ` +
      `Keys (${rows / 4} in the building): itemsView, ${l.items.length} keystrokes and tab switches. Readings: buildingMeters and meterDetail, ${l.readings.length} screens`,
    result: `p95 ${ms(all95)} — calls ${ms(calls95)} (search ${ms(search95)}, paging ${ms(paging95)}), contacts ${ms(contacts95)}, items ${ms(items95)}, readings ${ms(readings95)}`,
    reference: '—',
    ratio: '—',
    target: 'p95 ≤ 16 ms (search-as-you-type and paging)',
    verdict: all95 <= TARGET_MS ? 'met' : 'missed',
    values: {
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
