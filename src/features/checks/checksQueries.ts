// Read models of the check screens: buildings → apartments → payers to pick from, a payer's open
// debts, a contact by guid. Read-only on the device (the pulls live with the repositories).
import { db } from '../../db/db';
import type { ApartmentRow, BuildingRow, ContactRow, DebtRow } from '../../db/schema';

const byNumber = (a: ApartmentRow, b: ApartmentRow) => a.number.localeCompare(b.number, 'he', { numeric: true });

export async function buildingsForChecks(): Promise<BuildingRow[]> {
  return (await db.buildings.toArray()).sort((a, b) => a.number - b.number);
}

export async function apartmentsForChecks(buildingId: number): Promise<ApartmentRow[]> {
  return (await db.apartments.where('buildingId').equals(buildingId).toArray()).sort(byNumber);
}

/** Payers of an apartment: owners first, then committee members and renters. */
export async function payersOfApartment(apartmentId: string): Promise<ContactRow[]> {
  const order: Record<string, number> = { owner: 0, committee: 1, renter: 2 };
  const contacts = await db.contacts.where('apartmentId').equals(apartmentId).toArray();
  return contacts.sort((a, b) => (order[a.role] ?? 9) - (order[b.role] ?? 9) || a.fullName.localeCompare(b.fullName, 'he'));
}

export async function contactById(id: string | null | undefined): Promise<ContactRow | null> {
  return id ? ((await db.contacts.get(id)) ?? null) : null;
}

/** Unpaid debts of a contact, oldest due first. */
export async function openDebtsOf(contactGuid: string): Promise<DebtRow[]> {
  const debts = await db.debts.where('contactGuid').equals(contactGuid).toArray();
  return debts.filter((d) => !d.paid).sort((a, b) => a.dueDate.localeCompare(b.dueDate));
}
