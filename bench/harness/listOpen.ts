// Row 5's "first page after opening": in a page just loaded (no list in memory yet, the database open
// as the app opens it at its start), the page each long list's screen opens on, read as the screen
// reads it, and when the list is in memory after it (built in idle time: db/tableIndex.ts).
import { db } from '../../src/db/db';
import { apartmentsIndex } from '../../src/directory/apartmentsIndex';
import { buildingsIndex } from '../../src/directory/buildingsIndex';
import { contactsIndex } from '../../src/directory/contactsIndex';
import { placesOf, prepareContactSearch, searchContacts } from '../../src/features/contacts/contactsQueries';
import { itemsIndex } from '../../src/features/items/itemsIndex';
import { itemsView } from '../../src/features/items/itemsQueries';
import { buildingMeters, meterDetail } from '../../src/features/meters/metersQueries';
import { metersIndex, readingsIndex } from '../../src/features/meters/readingsIndex';
import { callsIndex } from '../../src/features/service-calls/callsIndex';
import { findCallsPage } from '../../src/features/service-calls/callsPage';
import type { ListOpenOptions, ListOpenResult } from './api';
import { elapsed } from './common';

type Opening = { firstPage: () => Promise<number>; inMemory: () => Promise<unknown> };

function opening(options: ListOpenOptions): Opening {
  switch (options.list) {
    case 'calls':
      return {
        firstPage: async () => (await findCallsPage({ buildingId: null, tab: 'open', search: '', order: 'openedAt' }, 0, options.pageSize)).rows.length,
        inMemory: () => callsIndex.prepare(),
      };
    case 'contacts':
      // The screen opens empty and has the contacts read in idle time; the first letter typed is its first page.
      return {
        firstPage: async () => {
          prepareContactSearch();
          const found = await searchContacts(options.search, options.buildingId);
          await placesOf(found.contacts);
          return found.contacts.length;
        },
        inMemory: () => Promise.all([contactsIndex.prepare(), buildingsIndex.prepare(), apartmentsIndex.prepare()]),
      };
    case 'keys':
      return {
        firstPage: async () => (await itemsView('keys', options.buildingId, 'pending', '', options.pageSize)).items.length,
        inMemory: () => Promise.all([itemsIndex('keys').prepare(), contactsIndex.prepare(), apartmentsIndex.prepare()]),
      };
    case 'readings':
      return {
        firstPage: async () => (await meterDetail(options.meterId))?.readings.length ?? 0,
        inMemory: () => Promise.all([readingsIndex.prepare(), metersIndex.prepare()]),
      };
    case 'meters':
      return {
        firstPage: async () => (await buildingMeters(options.buildingId)).meters.length,
        inMemory: () => Promise.all([readingsIndex.prepare(), metersIndex.prepare()]),
      };
  }
}

export async function listOpen(options: ListOpenOptions): Promise<ListOpenResult> {
  await db.open();
  const list = opening(options);
  const started = performance.now();
  const rows = await list.firstPage();
  const firstPageMs = elapsed(started);
  await list.inMemory();
  return { firstPageMs, rows, inMemoryMs: elapsed(started) };
}
