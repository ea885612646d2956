// Every building of the device in memory (db/tableIndex.ts), by name as Hebrew collates it: the
// screens that name a row's building (contact search) read it without IndexedDB per keystroke.
import { db } from '../db/db';
import { tableIndex } from '../db/tableIndex';

const hebrew = new Intl.Collator('he');

export const buildingsIndex = tableIndex(db.buildings, { orders: { name: (a, b) => hebrew.compare(a.name, b.name) || a.id - b.id }, facts: () => null });
