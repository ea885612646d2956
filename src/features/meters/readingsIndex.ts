// The meters and every meter reading of the device in memory (db/tableIndex.ts). Meters by number
// (numbers compared as numbers), readings newest first: by reading time, then the higher value, then
// the id (the order the meter's index walk and latestReading gave). The meter screens read a meter's
// or a building's readings from them instead of walking IndexedDB.
import { db } from '../../db/db';
import type { MeterReadingRow, MeterRow } from '../../db/schema';
import { onAnyChanged, tableIndex } from '../../db/tableIndex';
import { apartmentsIndex } from '../../directory/apartmentsIndex';
import { buildingsIndex } from '../../directory/buildingsIndex';

export function newestReadingFirst(a: MeterReadingRow, b: MeterReadingRow): number {
  if (a.readAt !== b.readAt) return a.readAt < b.readAt ? 1 : -1;
  if (a.current !== b.current) return b.current - a.current;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const readingsIndex = tableIndex(db.meterReadings, { orders: { newest: newestReadingFirst }, facts: () => null });

const numbers = new Intl.Collator('he', { numeric: true });

/** By number as `localeCompare(…, 'he', { numeric: true })`, then by id. */
export function byMeterNumber(a: MeterRow, b: MeterRow): number {
  return numbers.compare(a.number, b.number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export const metersIndex = tableIndex(db.meters, { orders: { number: byMeterNumber }, facts: () => null });

/** Every change the meter screens show: readings, meters, and the buildings and apartments they name. */
export const onMetersChanged = onAnyChanged(readingsIndex, metersIndex, buildingsIndex, apartmentsIndex);
