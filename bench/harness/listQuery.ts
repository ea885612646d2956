// Row 5: the service-calls list over a large device database. Every keystroke of a search runs the
// screen's own query (serviceCallsQueries.findCallsPage, `searchWords` index) for the first page;
// paging runs the same query per sort order page after page (the ordered list indexes).
import { db } from '../../src/db/db';
import { findCallsPage } from '../../src/features/service-calls/serviceCallsQueries';
import type { CallsQuery } from '../../src/features/service-calls/serviceCallsQueries';
import { callOrders } from '../../src/features/service-calls/listOrder';
import { callsIndex } from '../../src/features/service-calls/callsIndex';
import { applyServerRecords } from '../../src/sync/write/rows';
import { generateCalls } from '../../scripts/bench/callData';
import type { ListLoadOptions, ListLoadResult, ListQueryOptions, ListQueryResult } from './api';
import { elapsed, freshDatabase } from './common';

const BUILDINGS = Array.from({ length: 30 }, (_, i) => 101 + i);
const CHUNK = 2_000;

async function timed(query: CallsQuery, from: number, size: number): Promise<{ ms: number; hits: number }> {
  const started = performance.now();
  const { rows: page, total } = await findCallsPage(query, from, size);
  const ms = elapsed(started);
  // The list is in memory when these run (listQuery prepares it): every page is counted.
  if (total === null) throw new Error('a page of the list in memory came uncounted');
  if (from === 0 && total > 0 && page.length === 0) throw new Error('empty first page');
  return { ms, hits: total };
}

/** The data set, through the pull path (decorated rows with their search words), as after a pull. */
export async function listLoad(options: ListLoadOptions): Promise<ListLoadResult> {
  await freshDatabase();
  const calls = generateCalls({ count: options.rows, buildingIds: BUILDINGS });
  const loadStarted = performance.now();
  for (let i = 0; i < calls.length; i += CHUNK) await applyServerRecords('serviceCalls', calls.slice(i, i + CHUNK));
  const loadMs = elapsed(loadStarted);
  return { rows: await db.serviceCalls.count(), openRows: await db.serviceCalls.where('tab').equals('open').count(), loadMs };
}

export async function listQuery(options: ListQueryOptions): Promise<ListQueryResult> {
  const scopes = [null, BUILDINGS[0] ?? 101];
  // Warm-up: the screen's first page comes from an index; the list is in memory by the time the user types.
  await findCallsPage({ buildingId: null, tab: 'open', search: '', order: 'openedAt' }, 0, options.pageSize);
  await callsIndex.prepare();
  const search: number[] = [];
  const hits: number[] = [];
  for (const buildingId of scopes) {
    for (const text of options.queries) {
      const r = await timed({ buildingId, tab: 'open', search: text, order: 'openedAt' }, 0, options.pageSize);
      search.push(r.ms);
      hits.push(r.hits);
    }
  }
  const paging: number[] = [];
  for (const buildingId of scopes) {
    for (const order of callOrders) {
      for (let page = 0; page < options.pages; page++)
        paging.push((await timed({ buildingId, tab: 'open', search: '', order }, page * options.pageSize, options.pageSize)).ms);
    }
  }
  return { search, paging, hits };
}
