// Every meter reading of the device in memory (db/tableIndex.ts), newest first: by reading time, then
// the higher value, then the id (the order the meter's index walk and latestReading gave). The
// readings screens read a meter's or a building's readings from it instead of walking IndexedDB.
import { db } from '../../db/db';
import type { MeterReadingRow } from '../../db/schema';
import { tableIndex } from '../../db/tableIndex';

export function newestReadingFirst(a: MeterReadingRow, b: MeterReadingRow): number {
  if (a.readAt !== b.readAt) return a.readAt < b.readAt ? 1 : -1;
  if (a.current !== b.current) return b.current - a.current;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const readingsIndex = tableIndex(db.meterReadings, { orders: { newest: newestReadingFirst }, facts: () => null });
