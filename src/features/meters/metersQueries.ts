// Read models of the meter screens (live queries over Dexie): a building's counters with their latest
// reading as the device knows it (readings saved offline count before the server has them). Meters,
// readings, buildings and apartments come from memory (readingsIndex.ts, directory/*Index.ts), grouped
// per building and per meter once per change.
import { db } from '../../db/db';
import type { ApartmentRow, BuildingRow, MeterReadingRow, MeterRow } from '../../db/schema';
import { latestReading, previousReadingOf } from '../../lib/domain/meterRules';
import { listSearch } from '../../lib/listSearch';
import type { WantedPhoto } from '../../sync/offlinePhotos';
import { apartmentsIndex } from '../../directory/apartmentsIndex';
import { buildingsIndex } from '../../directory/buildingsIndex';
import { metersIndex, readingsIndex } from './readingsIndex';

const byNumber = (a: MeterRow, b: MeterRow) => a.number.localeCompare(b.number, 'he', { numeric: true });

export async function metersOfBuilding(buildingId: number): Promise<MeterRow[]> {
  return (await db.meters.where('buildingId').equals(buildingId).toArray()).sort(byNumber);
}

export type MeterOverview = {
  meter: MeterRow;
  apartment: ApartmentRow | null;
  last: { value: number; at: string | null } | null;
  readingsCount: number;
};

export type BuildingMeters = { building: BuildingRow | null; meters: MeterOverview[]; apartments: ApartmentRow[] };

function lastOf(meter: MeterRow, readings: readonly MeterReadingRow[]): MeterOverview['last'] {
  const latest = latestReading(readings);
  if (latest) return { value: latest.current, at: latest.readAt };
  return meter.lastReading === null ? null : { value: meter.lastReading, at: meter.lastReadingAt };
}

const readingsBy = listSearch<MeterReadingRow, null, never>(() => false);
const metersBy = listSearch<MeterRow, null, never>(() => false);
const apartmentsBy = listSearch<ApartmentRow, unknown, never>(() => false);
const apartmentNumbers = new Intl.Collator('he', { numeric: true });
const byApartmentNumber = (a: ApartmentRow, b: ApartmentRow) => apartmentNumbers.compare(a.number, b.number) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The readings of a meter (`meterId`) or of a building (`buildingId`), newest first, from memory. */
async function readingsOf(by: 'meterId' | 'buildingId', value: string | number): Promise<MeterReadingRow[]> {
  const { entries, generation } = await readingsIndex.inOrder('newest');
  return readingsBy.group(by, generation, entries, (r) => String(r[by]), String(value)).entries.map((e) => e.row);
}

async function metersIn(buildingId: number): Promise<MeterRow[]> {
  const { entries, generation } = await metersIndex.inOrder('number');
  return metersBy.group('b', generation, entries, (m) => String(m.buildingId), String(buildingId)).entries.map((e) => e.row);
}

async function apartmentsIn(buildingId: number): Promise<ApartmentRow[]> {
  const { entries, generation } = await apartmentsIndex.inOrder('id');
  return apartmentsBy.group('b', generation, entries, (a) => String(a.buildingId), String(buildingId)).entries.map((e) => e.row);
}

async function one<Row>(index: { rowsOf: (ids: readonly (string | number)[]) => Promise<(Row | undefined)[]> }, id: string | number | null): Promise<Row | null> {
  return id === null ? null : ((await index.rowsOf([id]))[0] ?? null);
}

export async function buildingMeters(buildingId: number): Promise<BuildingMeters> {
  const [building, meters, apartments, readings] = await Promise.all([
    one(buildingsIndex, buildingId),
    metersIn(buildingId),
    apartmentsIn(buildingId),
    readingsOf('buildingId', buildingId),
  ]);
  const byId = new Map(apartments.map((a) => [a.id, a]));
  const byMeter = new Map<string, MeterReadingRow[]>();
  for (const r of readings) {
    const own = byMeter.get(r.meterId);
    if (own) own.push(r);
    else byMeter.set(r.meterId, [r]);
  }
  return {
    building,
    apartments: apartments.sort(byApartmentNumber),
    meters: meters.map((meter) => {
      const own = byMeter.get(meter.id) ?? [];
      return { meter, apartment: meter.apartmentId ? (byId.get(meter.apartmentId) ?? null) : null, last: lastOf(meter, own), readingsCount: own.length };
    }),
  };
}

export type MeterDetail = { meter: MeterRow; building: BuildingRow | null; apartment: ApartmentRow | null; readings: MeterReadingRow[]; previous: number };

/** One counter with its readings newest first and the value a new reading must exceed. */
export async function meterDetail(meterId: string): Promise<MeterDetail | null> {
  const meter = await one(metersIndex, meterId);
  if (!meter) return null;
  const [building, apartment, readings] = await Promise.all([one(buildingsIndex, meter.buildingId), one(apartmentsIndex, meter.apartmentId), readingsOf('meterId', meterId)]);
  return { meter, building, apartment, readings, previous: previousReadingOf(meter, readings) };
}

/** Readings per meter whose photos the day offline keeps: the last one and the one before it. */
export const OFFLINE_READINGS_PER_METER = 2;

/** The server photos of the recent readings of the buildings' meters, newest readings first. */
export async function recentReadingPhotos(buildingIds: readonly number[], perMeter = OFFLINE_READINGS_PER_METER): Promise<WantedPhoto[]> {
  const readings = await db.meterReadings.where('buildingId').anyOf([...buildingIds]).toArray();
  const byMeter = new Map<string, MeterReadingRow[]>();
  for (const r of readings) byMeter.set(r.meterId, [...(byMeter.get(r.meterId) ?? []), r]);
  const recent = [...byMeter.values()].flatMap((rows) => rows.sort((a, b) => (a.readAt < b.readAt ? 1 : -1)).slice(0, perMeter));
  return recent
    .sort((a, b) => (a.readAt < b.readAt ? 1 : -1))
    .flatMap((r) => (r.photoId ? [{ fileId: r.photoId, ownerTable: 'meterReadings', ownerId: r.id }] : []));
}
