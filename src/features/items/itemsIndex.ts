// The keys and the mail items in memory (db/tableIndex.ts), each table sorted for both tabs: pending
// newest registered first, delivered newest handed over first (ties by id, as the index walk gave
// them), with what the item search reads of the item itself.
import { db } from '../../db/db';
import { onAnyChanged, tableIndex } from '../../db/tableIndex';
import { apartmentsIndex } from '../../directory/apartmentsIndex';
import { contactsIndex } from '../../directory/contactsIndex';
import type { TableIndex } from '../../db/tableIndex';
import type { ItemStatus } from '../../lib/domain/entities';
import { normalizeItemNumber } from '../../lib/domain/itemRules';
import { numberOfItem } from './itemsRepo';
import type { ItemKind, ItemRow } from './itemsRepo';

/** The item's own searched texts in lower case (number, description, carrier, handed to), and its normalised number. */
export type ItemFacts = { text: string; number: string };

const newestFirst = (at: (item: ItemRow) => string) => (a: ItemRow, b: ItemRow) => {
  const x = at(a);
  const y = at(b);
  return x < y ? 1 : x > y ? -1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** Each tab's order (also of its first page read from an index: itemsQueries.ts). */
export const itemOrders: Record<ItemStatus, (a: ItemRow, b: ItemRow) => number> = {
  pending: newestFirst((i) => i.registeredAt),
  delivered: newestFirst((i) => i.deliveredAt ?? i.registeredAt),
};

export function itemFactsOf(item: ItemRow): ItemFacts {
  const carrier = 'carrier' in item ? (item.carrier ?? '') : '';
  return {
    text: [numberOfItem(item), item.description, carrier, item.deliveredTo ?? ''].join(' ').toLowerCase(),
    number: normalizeItemNumber(numberOfItem(item)),
  };
}

const indexes: Record<ItemKind, TableIndex<ItemRow, ItemStatus, ItemFacts, string>> = {
  keys: tableIndex(db.keys, { orders: itemOrders, facts: itemFactsOf }),
  mailItems: tableIndex(db.mailItems, { orders: itemOrders, facts: itemFactsOf }),
};

export function itemsIndex(kind: ItemKind): TableIndex<ItemRow, ItemStatus, ItemFacts, string> {
  return indexes[kind];
}

const changes: Record<ItemKind, (listener: () => void) => () => void> = {
  keys: onAnyChanged(indexes.keys, contactsIndex, apartmentsIndex),
  mailItems: onAnyChanged(indexes.mailItems, contactsIndex, apartmentsIndex),
};

/** Subscribes to every change the items list shows: its items, and the recipients and apartments it names. */
export function itemsChanges(kind: ItemKind): (listener: () => void) => () => void {
  return changes[kind];
}
