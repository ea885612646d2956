// Contacts and tenants: search on the device, pulls, and adding a reporter (the service-call form
// calls addContact). addContact follows the write path: the row + one outbox entry, one transaction.
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { ContactRow } from '../../db/schema';
import type { Contact, ContactRole } from '../../lib/domain/entities';
import { fullNameOf, validateNewContact } from '../../lib/domain/contactRules';
import { digitsOnly } from '../../lib/phone';
import { refuse, RuleError } from '../../lib/validation/rules';
import { currentActor } from '../../sync/actor';
import { pullInto } from '../../sync/pull';
import { createRecord } from '../../sync/writePath';
import { classifyContactQuery, contactMatches } from './contactQuery';
import type { ContactQuery } from './contactQuery';


export const SEARCH_LIMIT = 100;

export function contactsOfBuilding(buildingId: number): Promise<ContactRow[]> {
  return db.contacts.where('buildingId').equals(buildingId).toArray();
}

export function getContact(id: string): Promise<ContactRow | undefined> {
  return db.contacts.get(id);
}

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

export type NewContact = {
  buildingId: number | null | undefined;
  apartmentId?: string | null;
  firstName: string;
  lastName: string;
  phone?: string | null;
  email?: string | null;
  role?: ContactRole;
  position?: string | null;
};

/**
 * Adds a contact (e.g. a new reporter) to the building. Refused with `noBuildingSelected` without a
 * building and `contactAlreadyRegistered` when the phone or full name is already registered there.
 * Returns the new contact (its id is a client UUID the server keeps).
 */
export async function addContact(input: NewContact): Promise<ContactRow> {
  const phone = input.phone ? digitsOnly(input.phone) : null;
  const email = input.email?.trim() || null;
  const candidate = { buildingId: input.buildingId ?? null, firstName: input.firstName.trim(), lastName: input.lastName.trim(), phone: phone || null, email };
  if (candidate.buildingId === null) throw new RuleError({ field: 'buildingId', messageKey: 'noBuildingSelected' });
  const existing = await contactsOfBuilding(candidate.buildingId);
  refuse(validateNewContact(candidate, existing));
  const actor = await currentActor();
  const id = newId();
  const now = new Date().toISOString();
  const record: Contact = {
    id,
    buildingId: candidate.buildingId,
    apartmentId: input.apartmentId ?? null,
    firstName: candidate.firstName,
    lastName: candidate.lastName,
    fullName: fullNameOf(candidate),
    email,
    phone: candidate.phone,
    role: input.role ?? 'other',
    position: input.position?.trim() || null,
    carNumber: null,
    parkingNumber: null,
    version: 0,
    updatedAt: now,
  };
  const { version: _v, updatedAt: _u, ...payload } = record;
  await createRecord({ table: 'contacts', id, row: { ...record, syncState: 'local' }, path: 'contacts', payload, userKey: actor.userKey });
  return (await db.contacts.get(id)) ?? { ...record, syncState: 'local' };
}

export async function pullContacts(api: ApiClient, buildingId: number) {
  return pullInto(api, { table: 'contacts', path: `buildings/${buildingId}/contacts`, scope: (row) => row.buildingId === buildingId });
}
