// Read model of the keys / mail-items list: items of one status with their recipient's names, and
// the search over number, description, carrier, recipient and apartment.
import { db } from '../../db/db';
import type { ApartmentRow, ContactRow, KeyItemRow, MailItemRow } from '../../db/schema';
import type { ItemStatus } from '../../lib/domain/entities';
import { normalizeItemNumber } from '../../lib/domain/itemRules';
import { numberOfItem } from './itemsRepo';
import type { ItemKind, ItemRow } from './itemsRepo';

function table(kind: ItemKind) {
  return kind === 'keys' ? db.keys : db.mailItems;
}

export type ItemView = { item: ItemRow; apartment: ApartmentRow | null; contact: ContactRow | null };

export type ItemsView = { pending: number; delivered: number; items: ItemView[] };

export async function itemsView(kind: ItemKind, buildingId: number, status: ItemStatus): Promise<ItemsView> {
  const other: ItemStatus = status === 'pending' ? 'delivered' : 'pending';
  const [items, otherCount, apartments, contacts] = await Promise.all([
    itemsOfBuilding(kind, buildingId, status),
    table(kind).where('[buildingId+status]').equals([buildingId, other]).count(),
    db.apartments.where('buildingId').equals(buildingId).toArray(),
    db.contacts.where('buildingId').equals(buildingId).toArray(),
  ]);
  const apartmentById = new Map(apartments.map((a) => [a.id, a]));
  const contactById = new Map(contacts.map((c) => [c.id, c]));
  return {
    pending: status === 'pending' ? items.length : otherCount,
    delivered: status === 'delivered' ? items.length : otherCount,
    items: items.map((item) => {
      const contact = item.contactId ? (contactById.get(item.contactId) ?? null) : null;
      const apartmentId = item.apartmentId ?? contact?.apartmentId ?? null;
      return { item, contact, apartment: apartmentId ? (apartmentById.get(apartmentId) ?? null) : null };
    }),
  };
}

/** Every word of the query must appear in the item's number, texts, recipient or apartment number. */
export function matchesItem(view: ItemView, query: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { item } = view;
  const haystack = [
    numberOfItem(item),
    item.description,
    'carrier' in item ? (item.carrier ?? '') : '',
    view.contact?.fullName ?? '',
    view.contact?.phone ?? '',
    view.apartment?.number ?? '',
    item.deliveredTo ?? '',
  ]
    .join(' ')
    .toLowerCase();
  const number = normalizeItemNumber(numberOfItem(item));
  return words.every((w) => haystack.includes(w) || number.includes(normalizeItemNumber(w)));
}

export type Recipients = { apartments: ApartmentRow[]; contacts: ContactRow[] };

export async function recipientsOfBuilding(buildingId: number): Promise<Recipients> {
  const [apartments, contacts] = await Promise.all([
    db.apartments.where('buildingId').equals(buildingId).toArray(),
    db.contacts.where('buildingId').equals(buildingId).toArray(),
  ]);
  return {
    apartments: apartments.sort((a, b) => a.number.localeCompare(b.number, 'he', { numeric: true })),
    contacts: contacts.sort((a, b) => a.fullName.localeCompare(b.fullName, 'he')),
  };
}

/** Items of a building in one status: pending newest registered first, delivered newest handed over first. */
export async function itemsOfBuilding(kind: ItemKind, buildingId: number, status: ItemStatus): Promise<ItemRow[]> {
  const rows: ItemRow[] = await table(kind).where('[buildingId+status]').equals([buildingId, status]).toArray();
  const at = (i: ItemRow) => (status === 'delivered' ? (i.deliveredAt ?? i.registeredAt) : i.registeredAt);
  return rows.sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
}

export type PendingItemsOfApartment = { keys: KeyItemRow[]; mailItems: MailItemRow[] };

/** Pending items registered to the apartment or to one of its tenants. */
export async function pendingItemsForApartment(apartmentId: string): Promise<PendingItemsOfApartment> {
  const tenants = new Set((await db.contacts.where('apartmentId').equals(apartmentId).primaryKeys()).map(String));
  const mine = (i: { apartmentId: string | null; contactId: string | null; status: ItemStatus }) =>
    i.status === 'pending' && (i.apartmentId === apartmentId || (i.contactId !== null && tenants.has(i.contactId)));
  const [byApartmentKeys, byApartmentMail] = await Promise.all([
    db.keys.where('apartmentId').equals(apartmentId).toArray(),
    db.mailItems.where('apartmentId').equals(apartmentId).toArray(),
  ]);
  const contactIds = [...tenants];
  const [byContactKeys, byContactMail] = contactIds.length
    ? await Promise.all([db.keys.where('contactId').anyOf(contactIds).toArray(), db.mailItems.where('contactId').anyOf(contactIds).toArray()])
    : [[], []];
  const unique = <T extends { id: string; registeredAt: string }>(rows: T[]) =>
    [...new Map(rows.map((r) => [r.id, r])).values()].sort((a, b) => (a.registeredAt < b.registeredAt ? 1 : -1));
  return { keys: unique([...byApartmentKeys, ...byContactKeys].filter(mine)), mailItems: unique([...byApartmentMail, ...byContactMail].filter(mine)) };
}
