// The apartments screen's read model: a building's apartments with their tenants and the tenants'
// pending keys and mail items, and what of its debt is past due. Apartments arrive with "take the day
// offline" or their pull (directory).
import { db } from '../../db/db';
import type { ApartmentRow, ContactRow } from '../../db/schema';
import { agorotOf, sumAgorot } from '../../lib/agorot';
import { debtAge } from '../../lib/domain/debtAge';

export type ApartmentWithTenants = {
  apartment: ApartmentRow;
  tenants: ContactRow[];
  pendingKeys: number;
  pendingMailItems: number;
  /** The open amount of the apartment's debts whose due date passed (today in Israel), in agorot. */
  pastDueAgorot: number;
};

const roleOrder: Record<string, number> = { owner: 0, committee: 1, renter: 2 };

function byApartmentNumber(a: ApartmentRow, b: ApartmentRow): number {
  return a.number.localeCompare(b.number, 'he', { numeric: true }) || (a.entrance ?? '').localeCompare(b.entrance ?? '', 'he');
}

/** `today`: the Israeli day (yyyy-mm-dd) the debts are aged on. */
export async function apartmentsOfBuilding(buildingId: number, today: string): Promise<ApartmentWithTenants[]> {
  const [apartments, contacts, keys, mailItems, debts] = await Promise.all([
    db.apartments.where('buildingId').equals(buildingId).toArray(),
    db.contacts.where('buildingId').equals(buildingId).toArray(),
    db.keys.where('[buildingId+status]').equals([buildingId, 'pending']).toArray(),
    db.mailItems.where('[buildingId+status]').equals([buildingId, 'pending']).toArray(),
    db.debts.where('buildingId').equals(buildingId).toArray(),
  ]);
  const pastDue = debts.filter((d) => !d.paid && debtAge(d.dueDate, today) === 'pastDue');
  const pastDueOf = (apartmentId: string) => sumAgorot(pastDue.filter((d) => d.apartmentId === apartmentId).map((d) => agorotOf(d.amount)));
  const tenantsOf = new Map<string, ContactRow[]>();
  for (const c of contacts) {
    if (c.apartmentId === null) continue;
    tenantsOf.set(c.apartmentId, [...(tenantsOf.get(c.apartmentId) ?? []), c]);
  }
  const apartmentOfContact = new Map(contacts.map((c) => [c.id, c.apartmentId]));
  // An item counts for the apartment it was registered to, or for the apartment of its contact.
  const countFor = (items: ReadonlyArray<{ apartmentId: string | null; contactId: string | null }>, apartmentId: string) =>
    items.filter((i) => (i.apartmentId ?? (i.contactId ? apartmentOfContact.get(i.contactId) : null)) === apartmentId).length;
  return apartments.sort(byApartmentNumber).map((apartment) => ({
    apartment,
    tenants: (tenantsOf.get(apartment.id) ?? []).sort(
      (a, b) => (roleOrder[a.role] ?? 9) - (roleOrder[b.role] ?? 9) || a.fullName.localeCompare(b.fullName, 'he'),
    ),
    pendingKeys: countFor(keys, apartment.id),
    pendingMailItems: countFor(mailItems, apartment.id),
    pastDueAgorot: pastDueOf(apartment.id),
  }));
}
