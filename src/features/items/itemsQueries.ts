// Read model of the keys / mail-items list: items of one status with their recipient's names, and
// the search over number, description, carrier, recipient and apartment (in memory: itemsIndex.ts).
// Before the items and the directory are in memory, the tab a screen opens on is read from indexes
// (`firstItemsView`), and the lists are built after it in idle time.
import type { Table } from 'dexie';
import { db } from '../../db/db';
import { newestFirstPage } from '../../db/firstPage';
import type { ApartmentRow, ContactRow, KeyItemRow, MailItemRow } from '../../db/schema';
import type { ItemStatus } from '../../lib/domain/entities';
import { normalizeItemNumber } from '../../lib/domain/itemRules';
import { apartmentsIndex } from '../../directory/apartmentsIndex';
import { contactsIndex } from '../../directory/contactsIndex';
import { listSearch, narrowsWords } from '../../lib/listSearch';
import { containsText } from '../../lib/text';
import { itemOrders, itemsIndex } from './itemsIndex';
import type { ItemFacts } from './itemsIndex';
import { numberOfItem } from './itemsRepo';
import type { ItemKind, ItemRow } from './itemsRepo';

function table(kind: ItemKind) {
  return kind === 'keys' ? db.keys : db.mailItems;
}

export type ItemView = { item: ItemRow; apartment: ApartmentRow | null; contact: ContactRow | null };

/**
 * How many items each tab holds, how many of the tab match the search, and the first `limit` of those.
 * A count is null where it was not made (a first view read from indexes: `firstItemsView`).
 */
export type ItemsView = { pending: number | null; delivered: number | null; found: number | null; items: ItemView[] };

/** The typed words, normalised as item numbers too, and which recipients' texts they were matched against. */
type ItemQuery = { words: readonly string[]; numbers: readonly string[]; recipients: string };
type Recipient = { contact: ContactRow | null; apartment: ApartmentRow | null; text: string };
type RecipientsOfItems = { key: string; of: (item: ItemRow) => Recipient };

const search = listSearch<ItemRow, ItemFacts, ItemQuery>((before, after) => before.recipients === after.recipients && narrowsWords(before.words, after.words));
const recipientsKept = new Map<number, RecipientsOfItems>();
const contactsByBuilding = listSearch<ContactRow, unknown, never>(() => false);
const apartmentsByBuilding = listSearch<ApartmentRow, unknown, never>(() => false);

/** Each item's recipient and apartment in the building, with their searched text, from the directory in memory. */
async function recipientsIn(buildingId: number): Promise<RecipientsOfItems> {
  const [contacts, apartments] = await Promise.all([contactsIndex.inOrder('name'), apartmentsIndex.inOrder('id')]);
  const key = `${buildingId}|${contacts.generation}|${apartments.generation}`;
  const kept = recipientsKept.get(buildingId);
  if (kept?.key === key) return kept;
  const inBuilding = String(buildingId);
  const ofBuilding = (row: { buildingId: number }) => String(row.buildingId);
  const contactById = new Map(
    contactsByBuilding.group('b', contacts.generation, contacts.entries, ofBuilding, inBuilding).entries.map(({ row }) => [row.id, row]),
  );
  const apartmentById = new Map(
    apartmentsByBuilding.group('b', apartments.generation, apartments.entries, ofBuilding, inBuilding).entries.map(({ row }) => [row.id, row]),
  );
  const none: Recipient = { contact: null, apartment: null, text: '' };
  const known = new Map<string, Recipient>();
  const of = (item: ItemRow): Recipient => {
    const contact = item.contactId ? (contactById.get(item.contactId) ?? null) : null;
    const apartmentId = item.apartmentId ?? contact?.apartmentId ?? null;
    if (!contact && !apartmentId) return none;
    const at = `${contact?.id ?? ''}|${apartmentId ?? ''}`;
    let recipient = known.get(at);
    if (!recipient) {
      const apartment = apartmentId ? (apartmentById.get(apartmentId) ?? null) : null;
      recipient = { contact, apartment, text: [contact?.fullName ?? '', contact?.phone ?? '', apartment?.number ?? ''].join(' ').toLowerCase() };
      known.set(at, recipient);
    }
    return recipient;
  };
  const recipients = { key, of };
  if (recipientsKept.size >= 8) recipientsKept.clear();
  recipientsKept.set(buildingId, recipients);
  return recipients;
}

const BY_TIME = '[buildingId+status+registeredAt]';

/**
 * The tab without a search, with the recipients of its first `limit` items, from indexes: pending items
 * newest registered first by a walk of `[buildingId+status+registeredAt]`; delivered ones (ordered by
 * their handover, which no index holds) by reading the building's delivered items. One item more than
 * the page tells whether more follow; the tabs are not counted (an index count of thousands of items
 * costs more than the page): the counts come with the lists in memory, built after this view.
 */
export async function firstItemsView(kind: ItemKind, buildingId: number, status: ItemStatus, limit: number): Promise<ItemsView> {
  const items: Table<ItemRow, string> = table(kind);
  return db.transaction('r', [items, db.contacts, db.apartments], async () => {
    const read =
      status === 'pending'
        ? await newestFirstPage(
            items,
            { index: BY_TIME, scope: [buildingId, status], timeOf: (item) => item.registeredAt, compare: itemOrders.pending },
            limit + 1,
          )
        : (await items.where('[buildingId+status]').equals([buildingId, status]).toArray()).sort(itemOrders.delivered);
    const shown = read.slice(0, limit);
    const found = read.length > limit ? null : read.length;
    // As `recipientsIn`: only the building's own contacts and apartments are named.
    const ofBuilding = <Row extends { buildingId: number }>(row: Row | undefined) => (row?.buildingId === buildingId ? row : null);
    const contactIds = [...new Set(shown.flatMap((item) => (item.contactId ? [item.contactId] : [])))];
    const contacts = new Map((await db.contacts.bulkGet(contactIds)).map((contact, i) => [contactIds[i], ofBuilding(contact)]));
    const apartmentOf = (item: ItemRow) => item.apartmentId ?? (item.contactId ? contacts.get(item.contactId)?.apartmentId : null) ?? null;
    const apartmentIds = [...new Set(shown.flatMap((item) => apartmentOf(item) ?? []))];
    const apartments = new Map((await db.apartments.bulkGet(apartmentIds)).map((apartment, i) => [apartmentIds[i], ofBuilding(apartment)]));
    return {
      pending: status === 'pending' ? found : null,
      delivered: status === 'delivered' ? found : null,
      found,
      items: shown.map((item) => {
        const apartmentId = apartmentOf(item);
        return {
          item,
          contact: item.contactId ? (contacts.get(item.contactId) ?? null) : null,
          apartment: apartmentId ? (apartments.get(apartmentId) ?? null) : null,
        };
      }),
    };
  });
}

/**
 * The building's items in one status that match the search (matchesItem), in the tab's order, with
 * their recipients (the first `limit`), and how many items each tab holds: a walk of the items in
 * memory (itemsIndex.ts).
 */
export async function itemsView(kind: ItemKind, buildingId: number, status: ItemStatus, query = '', limit = Number.POSITIVE_INFINITY): Promise<ItemsView> {
  const other: ItemStatus = status === 'pending' ? 'delivered' : 'pending';
  const index = itemsIndex(kind);
  const lists = [index, contactsIndex, apartmentsIndex];
  if (query.trim() === '' && Number.isFinite(limit) && !lists.every((list) => list.isReady())) {
    const view = await firstItemsView(kind, buildingId, status, limit);
    for (const list of lists) void list.prepare();
    return view;
  }
  const [mine, theirs, recipients] = await Promise.all([index.inOrder(status), index.inOrder(other), recipientsIn(buildingId)]);
  const scopeOf = (s: ItemStatus, all: typeof mine) =>
    search.group(`${kind}|${s}`, all.generation, all.entries, (i) => `${i.buildingId}|${i.status}`, `${buildingId}|${s}`);
  const scoped = scopeOf(status, mine);
  const otherCount = scopeOf(other, theirs).entries.length;
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const found =
    words.length === 0
      ? scoped.entries
      : search.matching(scoped, { words, numbers: words.map(normalizeItemNumber), recipients: recipients.key }, (facts, q, item) =>
          q.words.every((w, i) => containsText(facts.text, w) || containsText(recipients.of(item).text, w) || containsText(facts.number, q.numbers[i] ?? w)),
        );
  return {
    pending: status === 'pending' ? scoped.entries.length : otherCount,
    delivered: status === 'delivered' ? scoped.entries.length : otherCount,
    found: found.length,
    items: found.slice(0, limit).map(({ row }) => {
      const { contact, apartment } = recipients.of(row);
      return { item: row, contact, apartment };
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
