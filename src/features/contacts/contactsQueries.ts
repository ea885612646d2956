// Contact search (spec 5): names, positions, phones and e-mails of one building or all, with where
// each contact lives. Read-only, over what the device holds.
import { db } from '../../db/db';
import type { ContactRow } from '../../db/schema';
import { contactsOfBuilding } from '../../directory/contactsRepo';
import { classifyContactQuery, contactMatches } from './searchText';
import type { ContactQuery } from './searchText';

export const SEARCH_LIMIT = 100;

export type ContactSearchResult = { query: ContactQuery; contacts: ContactRow[]; truncated: boolean };

/**
 * Searches names, positions, phones and e-mails in one building (or all when `buildingId` is null).
 * Text goes through the multi-entry `searchWords` index on its first word; the rest is filtered.
 */
export async function searchContacts(text: string, buildingId: number | null): Promise<ContactSearchResult> {
  const query = classifyContactQuery(text);
  if (query.kind === 'empty') return { query, contacts: [], truncated: false };
  const inScope = (c: ContactRow) => buildingId === null || c.buildingId === buildingId;
  let candidates: ContactRow[];
  if (query.kind === 'text' && query.words.length > 0 && query.script !== 'latin') {
    candidates = await db.contacts.where('searchWords').startsWith(query.words[0] ?? '').distinct().toArray();
  } else {
    candidates = buildingId === null ? await db.contacts.toArray() : await contactsOfBuilding(buildingId);
  }
  const found = candidates.filter((c) => inScope(c) && contactMatches(c, query));
  found.sort((a, b) => a.fullName.localeCompare(b.fullName, 'he'));
  return { query, contacts: found.slice(0, SEARCH_LIMIT), truncated: found.length > SEARCH_LIMIT };
}

export type ContactPlace = { buildingName: string | null; apartmentNumber: string | null };

/** Where each contact lives: the building's name and the apartment's number, when on the device. */
export async function placesOf(contacts: readonly ContactRow[]): Promise<Map<string, ContactPlace>> {
  const buildingIds = [...new Set(contacts.map((c) => c.buildingId))];
  const apartmentIds = [...new Set(contacts.map((c) => c.apartmentId).filter((id): id is string => id !== null))];
  const [buildings, apartments] = await Promise.all([db.buildings.bulkGet(buildingIds), db.apartments.bulkGet(apartmentIds)]);
  const buildingName = new Map(buildings.flatMap((b) => (b ? [[b.id, b.name] as const] : [])));
  const apartmentNumber = new Map(apartments.flatMap((a) => (a ? [[a.id, a.number] as const] : [])));
  return new Map(
    contacts.map((c) => [c.id, { buildingName: buildingName.get(c.buildingId) ?? null, apartmentNumber: c.apartmentId ? (apartmentNumber.get(c.apartmentId) ?? null) : null }]),
  );
}
