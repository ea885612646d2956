// Lists open at once (issue 28): before a long list is in memory, the page its screen opens on comes
// from an IndexedDB index read, without building the list; it is the page the list in memory gives
// (ties included), and the list is built after it. A search typed before then waits for the list.
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCalls } from '../../scripts/bench/callData';
import { generateApartments, generateBuildings, generateContacts, generateKeys, generateMailItems, generateReadings } from '../../scripts/bench/listData';
import type { Table } from 'dexie';
import { db } from '../../src/db/db';
import type { ServiceCallRow } from '../../src/db/schema';
import { apartmentsIndex } from '../../src/directory/apartmentsIndex';
import { contactsIndex } from '../../src/directory/contactsIndex';
import { applyServerRecords } from '../../src/sync/write/rows';
import { resetDb } from '../../src/sync/testing/setup';
import { placesOf, searchContacts } from '../../src/features/contacts/contactsQueries';
import { findCallsPage } from '../../src/features/service-calls/callsPage';
import type { CallsQuery } from '../../src/features/service-calls/callsPage';
import { callsIndex } from '../../src/features/service-calls/callsIndex';
import { compareCalls, matchesTerms, searchTerms } from '../../src/features/service-calls/listOrder';
import { itemsIndex } from '../../src/features/items/itemsIndex';
import { itemsView } from '../../src/features/items/itemsQueries';
import type { ItemsView } from '../../src/features/items/itemsQueries';
import { buildingMeters, meterDetail } from '../../src/features/meters/metersQueries';
import { metersIndex, readingsIndex } from '../../src/features/meters/readingsIndex';

const BUILDINGS = [101, 102, 103];
const PAGE = 50;
const records = (rows: readonly object[]) => rows as unknown as Record<string, unknown>[];
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);
const viewIds = (view: ItemsView) => view.items.map((v) => [v.item.id, v.contact?.id ?? null, v.apartment?.id ?? null]);

beforeAll(async () => {
  await resetDb();
  const calls = generateCalls({ count: 1_500, buildingIds: BUILDINGS, seed: 11 });
  // Runs of calls opened in the same minute: the page must cut inside a tie as the list does.
  calls.forEach((call, i) => {
    if (i % 5 !== 0 && i > 0) call.openedAt = calls[i - 1]?.openedAt ?? call.openedAt;
  });
  await applyServerRecords('serviceCalls', records(calls));
  const contacts = generateContacts({ count: 900, buildingIds: BUILDINGS, seed: 12 });
  await applyServerRecords('buildings', records(generateBuildings(BUILDINGS)));
  await applyServerRecords('apartments', records(generateApartments(BUILDINGS)));
  await applyServerRecords('contacts', records(contacts));
  // Keys registered in the same instant, in pairs: ties on the pending tab's order.
  const keys = generateKeys({ count: 900, buildingIds: BUILDINGS, contacts, seed: 13 }).map((key, i, all) =>
    i % 2 === 1 ? { ...key, registeredAt: all[i - 1]?.registeredAt ?? key.registeredAt } : key,
  );
  await applyServerRecords('keys', records(keys));
  await applyServerRecords('mailItems', records(generateMailItems({ count: 600, buildingIds: BUILDINGS, contacts, seed: 14 })));
  const { meters, readings } = generateReadings({ count: 1_200, buildingIds: BUILDINGS, metersPerBuilding: 8, seed: 15 });
  // Two readings of a meter at one time: the last is the higher one.
  await applyServerRecords('meters', records(meters));
  await applyServerRecords(
    'meterReadings',
    records(
      readings.map((r, i, all) =>
        i % 3 === 1
          ? { ...r, meterId: all[i - 1]?.meterId ?? r.meterId, buildingId: all[i - 1]?.buildingId ?? r.buildingId, readAt: all[i - 1]?.readAt ?? r.readAt }
          : r,
      ),
    ),
  );
}, 180_000);

async function callsReference(q: CallsQuery): Promise<ServiceCallRow[]> {
  const terms = searchTerms(q.search);
  return (await db.serviceCalls.toArray())
    .filter((r) => r.tab === q.tab && (q.buildingId === null || r.buildingId === q.buildingId) && (terms.length === 0 || matchesTerms(r.searchWords, terms)))
    .sort(compareCalls(q.order));
}

describe('the first page of a long list, before the list is in memory', { timeout: 180_000 }, () => {
  it('service calls: newest opened first from the tab index, then the same from memory', async () => {
    const queries: CallsQuery[] = [null, 102].flatMap((buildingId) =>
      (['open', 'closed', 'planned'] as const).map((tab) => ({ buildingId, tab, search: '', order: 'openedAt' as const })),
    );
    const first: Array<{ q: CallsQuery; rows: string[]; total: number }> = [];
    for (const q of queries) {
      const all = await callsReference(q);
      const page = await findCallsPage(q, 0, PAGE);
      expect(ids(page.rows), `${q.buildingId} ${q.tab}`).toEqual(ids(all.slice(0, PAGE)));
      // How many more follow is not counted (an index count costs more than the page): the list in memory counts.
      expect(page.total).toBe(all.length > PAGE ? null : all.length);
      first.push({ q, rows: ids(page.rows), total: all.length });
      // The page came from the index: the list is read into memory after it, in idle time.
      if (first.length === 1) expect(callsIndex.isReady()).toBe(false);
    }
    // A search typed before the list is in memory waits for it (read at once, no longer in idle time).
    await rewrite(db.serviceCalls);
    expect(callsIndex.isReady()).toBe(false);
    const search = { buildingId: null, tab: 'open', search: 'נזי', order: 'openedAt' } as const;
    const found = await findCallsPage(search, 0, PAGE);
    expect(callsIndex.isReady()).toBe(true);
    expect(ids(found.rows)).toEqual(ids((await callsReference(search)).slice(0, PAGE)));
    expect(found.total).toBeGreaterThan(0);
    for (const { q, rows, total } of first) {
      const memory = await findCallsPage(q, 0, PAGE);
      expect([ids(memory.rows), memory.total], `${q.buildingId} ${q.tab} from memory`).toEqual([rows, total]);
    }
  });

  it('keys and mail items: the tab with its recipients, then the same from memory with the counts', async () => {
    const views: Array<{ at: string; view: ItemsView }> = [];
    for (const kind of ['keys', 'mailItems'] as const) {
      for (const buildingId of BUILDINGS) {
        for (const status of ['pending', 'delivered'] as const) {
          views.push({ at: `${kind} ${buildingId} ${status}`, view: await itemsView(kind, buildingId, status, '', 7) });
          // The lists are built after the first page, in idle time: not by it.
          if (views.length === 1) expect([itemsIndex('keys').isReady(), contactsIndex.isReady(), apartmentsIndex.isReady()]).toEqual([false, false, false]);
        }
      }
    }
    await Promise.all([itemsIndex('keys').prepare(), itemsIndex('mailItems').prepare(), contactsIndex.prepare(), apartmentsIndex.prepare()]);
    let i = 0;
    for (const kind of ['keys', 'mailItems'] as const) {
      for (const buildingId of BUILDINGS) {
        for (const status of ['pending', 'delivered'] as const) {
          const { at, view } = views[i++] ?? { at: '', view: null };
          const memory = await itemsView(kind, buildingId, status, '', 7);
          expect(view && viewIds(view), at).toEqual(viewIds(memory));
          // The tabs are not counted by the first view (the lists in memory count them): the page says whether more follow.
          const counted = (memory.found ?? 0) <= 7 ? memory.found : null;
          expect(view && [view.found, view[status], view[status === 'pending' ? 'delivered' : 'pending']], at).toEqual([counted, counted, null]);
          expect(
            [memory.pending, memory.delivered, memory.found].every((n) => typeof n === 'number'),
            at,
          ).toBe(true);
          expect(
            memory.items.some((v) => v.contact !== null || v.apartment !== null),
            at,
          ).toBe(true);
        }
      }
    }
  });

  it('meter readings: a meter and a building read from their indexes, then the same from memory', async () => {
    const meterIds = ['meter-101-0', 'meter-102-3', 'meter-103-7', 'no-such-meter'];
    const details = await Promise.all(meterIds.map(meterDetail));
    expect([readingsIndex.isReady(), metersIndex.isReady()]).toEqual([false, false]);
    const buildings = await Promise.all(BUILDINGS.map(buildingMeters));
    await Promise.all([readingsIndex.prepare(), metersIndex.prepare(), apartmentsIndex.prepare()]);
    expect(readingsIndex.isReady()).toBe(true);
    expect(await Promise.all(meterIds.map(meterDetail))).toEqual(details);
    expect(details[0]?.readings.length).toBeGreaterThan(10);
    expect(await Promise.all(BUILDINGS.map(buildingMeters))).toEqual(buildings);
  });

  it('contacts: a search of one building reads its contacts; one of all waits for the list', async () => {
    await rewrite(db.contacts);
    const one = await searchContacts('ד', 102);
    expect(contactsIndex.isReady()).toBe(false);
    expect(one.contacts.length).toBeGreaterThan(0);
    const places = await placesOf(one.contacts);
    const all = await searchContacts('ד', null);
    expect(contactsIndex.isReady()).toBe(true);
    expect(all.contacts.length).toBeGreaterThan(one.contacts.length);
    expect(await searchContacts('ד', 102)).toEqual(one);
    expect(await placesOf(one.contacts)).toEqual(places);
  });
});

/** Every row written again at once: a list built in memory is read again on its next use. */
async function rewrite<Row>(table: Table<Row, string>): Promise<void> {
  const rows = await table.toArray();
  await table.clear();
  await table.bulkAdd(rows);
}
