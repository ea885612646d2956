// Contact search (spec 5): names, positions, phones and e-mails of one building or all, with where
// each contact lives. Read-only, over what the device holds (kept in memory, directory/contactsIndex.ts).
// The screen has the contacts built in memory as it opens, in idle time; a search of one building typed
// before that reads the building's contacts from their index instead, one of all of them waits.
import { db } from '../../db/db';
import { onAnyChanged } from '../../db/tableIndex';
import { apartmentsIndex } from '../../directory/apartmentsIndex';
import { buildingsIndex } from '../../directory/buildingsIndex';
import type { ContactRow } from '../../db/schema';
import { compareContacts, contactFactsOf, contactsIndex } from '../../directory/contactsIndex';
import type { ContactFacts } from '../../directory/contactsIndex';
import { listSearch } from '../../lib/listSearch';
import { classifyContactQuery, matcherOf, queryNarrows } from './searchText';
import type { ContactQuery } from './searchText';

export const SEARCH_LIMIT = 100;

export type ContactSearchResult = { query: ContactQuery; contacts: ContactRow[]; truncated: boolean };

const search = listSearch<ContactRow, ContactFacts, ContactQuery>(queryNarrows);

/**
 * Searches names, positions, phones and e-mails in one building (or all when `buildingId` is null),
 * by full name: a walk of the contacts in memory (directory/contactsIndex.ts), not of IndexedDB.
 */
export async function searchContacts(text: string, buildingId: number | null): Promise<ContactSearchResult> {
  const query = classifyContactQuery(text);
  if (query.kind === 'empty') return { query, contacts: [], truncated: false };
  if (buildingId !== null && !contactsIndex.isReady()) {
    const matches = matcherOf(query);
    const found = (await db.contacts.where('buildingId').equals(buildingId).toArray())
      .filter((contact) => matches(contactFactsOf(contact)))
      .sort(compareContacts);
    void contactsIndex.prepare();
    return { query, contacts: found.slice(0, SEARCH_LIMIT), truncated: found.length > SEARCH_LIMIT };
  }
  const { entries, generation } = await contactsIndex.inOrder('name');
  const scoped =
    buildingId === null
      ? search.scope('all', generation, entries, () => true)
      : search.group('building', generation, entries, (c) => String(c.buildingId), String(buildingId));
  const matches = matcherOf(query);
  const found = search.matching(scoped, query, (facts) => matches(facts), SEARCH_LIMIT);
  return { query, contacts: found.slice(0, SEARCH_LIMIT).map((entry) => entry.row), truncated: found.length > SEARCH_LIMIT };
}

export type ContactPlace = { buildingName: string | null; apartmentNumber: string | null };

/** Where each contact lives: the building's name and the apartment's number, when on the device (from memory). */
export async function placesOf(contacts: readonly ContactRow[]): Promise<Map<string, ContactPlace>> {
  const buildingIds = [...new Set(contacts.map((c) => c.buildingId))];
  const apartmentIds = [...new Set(contacts.map((c) => c.apartmentId).filter((id): id is string => id !== null))];
  const [buildings, apartments] = await Promise.all([buildingsIndex.rowsOf(buildingIds), apartmentsIndex.rowsOf(apartmentIds)]);
  const buildingName = new Map(buildings.flatMap((b) => (b ? [[b.id, b.name] as const] : [])));
  const apartmentNumber = new Map(apartments.flatMap((a) => (a ? [[a.id, a.number] as const] : [])));
  return new Map(
    contacts.map((c) => [
      c.id,
      { buildingName: buildingName.get(c.buildingId) ?? null, apartmentNumber: c.apartmentId ? (apartmentNumber.get(c.apartmentId) ?? null) : null },
    ]),
  );
}

/** Has the contacts (and the places they name) in memory soon, in idle time: the screen is open, a search will follow. */
export function prepareContactSearch(): void {
  for (const index of [contactsIndex, buildingsIndex, apartmentsIndex]) void index.prepare();
}

/** Every change contact search shows: the contacts, and the buildings and apartments it names. */
export const onSearchedChanged = onAnyChanged(contactsIndex, buildingsIndex, apartmentsIndex);
