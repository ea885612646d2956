// Contacts and tenants of the buildings, read by several features (reporters, recipients, payers):
// their one pull, and adding one (a new reporter of a service call). addContact follows the write
// path: the row + one outbox entry, one transaction.
import type { ApiClient } from '../api/client';
import { db } from '../db/db';
import { newId } from '../db/mutate';
import type { ContactRow } from '../db/schema';
import type { Contact, ContactRole } from '../lib/domain/entities';
import { fullNameOf, validateNewContact } from '../lib/domain/contactRules';
import { digitsOnly } from '../lib/phone';
import { refuse, RuleError } from '../lib/validation/rules';
import { currentActor } from '../sync/write/actor';
import { pullInto } from '../sync/replay/pull';
import { createRecord } from '../sync/write/writePath';

export function contactsOfBuilding(buildingId: number): Promise<ContactRow[]> {
  return db.contacts.where('buildingId').equals(buildingId).toArray();
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
