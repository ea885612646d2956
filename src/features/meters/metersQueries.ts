// Read models of the meter screens (live queries over Dexie): a building's counters with their latest
// reading as the device knows it (readings saved offline count before the server has them). The
// readings come from memory (readingsIndex.ts), kept per building and per meter until one changes.
import { db } from '../../db/db';
import type { ApartmentRow, BuildingRow, MeterReadingRow, MeterRow } from '../../db/schema';
import { latestReading, previousReadingOf } from '../../lib/domain/meterRules';
import { listSearch } from '../../lib/listSearch';
import type { WantedPhoto } from '../../sync/offlinePhotos';
import { readingsIndex } from './readingsIndex';

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

const readingsScopes = listSearch<MeterReadingRow, null, never>(() => false, 16);

/** The readings `keep` keeps, newest first, from memory (computed once per scope until a reading changes). */
async function readingsWhere(scope: string, keep: (r: MeterReadingRow) => boolean): Promise<MeterReadingRow[]> {
  const { entries, generation } = await readingsIndex.inOrder('newest');
  return readingsScopes.scope(scope, generation, entries, keep).entries.map((e) => e.row);
}

export async function buildingMeters(buildingId: number): Promise<BuildingMeters> {
  const [building, meters, apartments, readings] = await Promise.all([
    db.buildings.get(buildingId),
    metersOfBuilding(buildingId),
    db.apartments.where('buildingId').equals(buildingId).toArray(),
    readingsWhere(`b|${buildingId}`, (r) => r.buildingId === buildingId),
  ]);
  const byId = new Map(apartments.map((a) => [a.id, a]));
  const byMeter = new Map<string, MeterReadingRow[]>();
  for (const r of readings) {
    const own = byMeter.get(r.meterId);
    if (own) own.push(r);
    else byMeter.set(r.meterId, [r]);
  }
  return {
    building: building ?? null,
    apartments: apartments.sort((a, b) => a.number.localeCompare(b.number, 'he', { numeric: true })),
    meters: meters.map((meter) => {
      const own = byMeter.get(meter.id) ?? [];
      return { meter, apartment: meter.apartmentId ? (byId.get(meter.apartmentId) ?? null) : null, last: lastOf(meter, own), readingsCount: own.length };
    }),
  };
}

export type MeterDetail = { meter: MeterRow; building: BuildingRow | null; apartment: ApartmentRow | null; readings: MeterReadingRow[]; previous: number };

/** One counter with its readings newest first and the value a new reading must exceed. */
export async function meterDetail(meterId: string): Promise<MeterDetail | null> {
  const meter = await db.meters.get(meterId);
  if (!meter) return null;
  const [building, apartment, readings] = await Promise.all([
    db.buildings.get(meter.buildingId),
    meter.apartmentId ? db.apartments.get(meter.apartmentId) : Promise.resolve(undefined),
    readingsWhere(`m|${meterId}`, (r) => r.meterId === meterId),
  ]);
  return { meter, building: building ?? null, apartment: apartment ?? null, readings, previous: previousReadingOf(meter, readings) };
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
