// The other long lists of the list row, each over 20 000 rows in Dexie, through the screens' own
// queries: contact search (every keystroke, one building and all), the keys list of a building
// (every keystroke, and switching tabs), and the meter readings (a meter's readings screen, a
// building's meters screen). Each list is read once before it is timed (its first read is reported).
import { db } from '../../src/db/db';
import { apartmentsIndex } from '../../src/directory/apartmentsIndex';
import { buildingsIndex } from '../../src/directory/buildingsIndex';
import { contactsIndex } from '../../src/directory/contactsIndex';
import { itemsIndex } from '../../src/features/items/itemsIndex';
import { metersIndex, readingsIndex } from '../../src/features/meters/readingsIndex';
import { placesOf, searchContacts } from '../../src/features/contacts/contactsQueries';
import { itemsView } from '../../src/features/items/itemsQueries';
import { LIST_PAGE_SIZE } from '../../src/ui/listPaging';
import { buildingMeters, meterDetail } from '../../src/features/meters/metersQueries';
import { applyServerRecords } from '../../src/sync/write/rows';
import { generateApartments, generateContacts, generateKeys, generateReadings } from '../../scripts/bench/listData';
import type { LongListsLoadOptions, LongListsLoadResult, LongListsQueryOptions, LongListsQueryResult } from './api';
import { elapsed } from './common';

/** Contacts live in every building of the company; keys and readings in the few the bench opens. */
const CONTACT_BUILDINGS = Array.from({ length: 30 }, (_, i) => 101 + i);
const LIST_BUILDINGS = CONTACT_BUILDINGS.slice(0, 4);
const CHUNK = 2_000;

async function put(table: Parameters<typeof applyServerRecords>[0], rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await applyServerRecords(table, rows.slice(i, i + CHUNK) as unknown as Record<string, unknown>[]);
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return elapsed(started);
}

/** The data sets, through the pull path (decorated rows with their search words), as after a pull. */
export async function longListsLoad(options: LongListsLoadOptions): Promise<LongListsLoadResult> {
  await Promise.all([db.contacts, db.apartments, db.keys, db.meters, db.meterReadings].map((t) => t.clear()));
  const contacts = generateContacts({ count: options.rows, buildingIds: CONTACT_BUILDINGS });
  const { meters, readings } = generateReadings({ count: options.rows, buildingIds: LIST_BUILDINGS });
  const started = performance.now();
  await put('apartments', generateApartments(CONTACT_BUILDINGS));
  await put('contacts', contacts);
  await put('keys', generateKeys({ count: options.rows, buildingIds: LIST_BUILDINGS, contacts }));
  await put('meters', meters);
  await put('meterReadings', readings);
  return { contacts: await db.contacts.count(), keys: await db.keys.count(), readings: await db.meterReadings.count(), loadMs: elapsed(started) };
}

export async function longListsQuery(options: LongListsQueryOptions): Promise<LongListsQueryResult> {
  const building = LIST_BUILDINGS[0] ?? 101;
  const firstRead = {
    contacts: await timed(async () => placesOf((await searchContacts('א', null)).contacts)),
    items: await timed(() => itemsView('keys', building, 'pending', '', LIST_PAGE_SIZE)),
    readings: await timed(() => meterDetail(`meter-${building}-0`)),
  };
  // The screens' first pages came from indexes; the lists are in memory by the time the user types.
  await Promise.all([contactsIndex, buildingsIndex, apartmentsIndex, itemsIndex('keys'), readingsIndex, metersIndex].map((list) => list.prepare()));

  const contacts: number[] = [];
  let contactHits = 0;
  for (const buildingId of [null, building]) {
    for (const text of options.contactQueries) {
      contacts.push(
        await timed(async () => {
          const found = await searchContacts(text, buildingId);
          await placesOf(found.contacts);
          contactHits += found.contacts.length;
        }),
      );
    }
  }

  const items: number[] = [];
  let itemHits = 0;
  for (const text of options.itemQueries) {
    items.push(await timed(async () => (itemHits += (await itemsView('keys', building, 'pending', text, LIST_PAGE_SIZE)).found ?? 0)));
  }
  for (const buildingId of LIST_BUILDINGS) {
    for (const status of ['delivered', 'pending'] as const) items.push(await timed(() => itemsView('keys', buildingId, status, '', LIST_PAGE_SIZE)));
  }

  const readings: number[] = [];
  for (const buildingId of LIST_BUILDINGS) {
    readings.push(await timed(() => buildingMeters(buildingId)));
    for (let m = 0; m < options.metersPerBuilding; m++) readings.push(await timed(() => meterDetail(`meter-${buildingId}-${m}`)));
  }
  return { firstRead, contacts, items, readings, contactHits, itemHits };
}
