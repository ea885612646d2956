// The apartments screen's read model: a building's apartments with their tenants and the tenants'
// pending keys and mail items. Apartments arrive with "take the day offline" or their pull (directory).
import { db } from '../../db/db';
import type { ApartmentRow, ContactRow } from '../../db/schema';

export type ApartmentWithTenants = {
  apartment: ApartmentRow;
  tenants: ContactRow[];
  pendingKeys: number;
  pendingMailItems: number;
};

const roleOrder: Record<string, number> = { owner: 0, committee: 1, renter: 2 };

function byApartmentNumber(a: ApartmentRow, b: ApartmentRow): number {
  return a.number.localeCompare(b.number, 'he', { numeric: true }) || (a.entrance ?? '').localeCompare(b.entrance ?? '', 'he');
}

export async function apartmentsOfBuilding(buildingId: number): Promise<ApartmentWithTenants[]> {
  const [apartments, contacts, keys, mailItems] = await Promise.all([
    db.apartments.where('buildingId').equals(buildingId).toArray(),
    db.contacts.where('buildingId').equals(buildingId).toArray(),
    db.keys.where('[buildingId+status]').equals([buildingId, 'pending']).toArray(),
    db.mailItems.where('[buildingId+status]').equals([buildingId, 'pending']).toArray(),
  ]);
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
    tenants: (tenantsOf.get(apartment.id) ?? []).sort((a, b) => (roleOrder[a.role] ?? 9) - (roleOrder[b.role] ?? 9) || a.fullName.localeCompare(b.fullName, 'he')),
    pendingKeys: countFor(keys, apartment.id),
    pendingMailItems: countFor(mailItems, apartment.id),
  }));
}
