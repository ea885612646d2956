// Every apartment of the device in memory (db/tableIndex.ts), by id: the screens that join rows to
// their apartment (items) read it without an IndexedDB walk per keystroke. Current after any change.
import { db } from '../db/db';
import { tableIndex } from '../db/tableIndex';

export const apartmentsIndex = tableIndex(db.apartments, { orders: { id: (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) }, facts: () => null });
