// Read models of the meter screens (live queries over Dexie): a building's counters with their latest
// reading as the device knows it (readings saved offline count before the server has them). Meters,
// readings, buildings and apartments come from memory (readingsIndex.ts, directory/*Index.ts), grouped
// per building and per meter once per change.
import { db } from '../../db/db';
import { countInScope, rowsInScope } from '../../db/firstPage';
import type { ApartmentRow, BuildingRow, MeterReadingRow, MeterRow } from '../../db/schema';
import { latestReading, previousReadingOf } from '../../lib/domain/meterRules';
import { listSearch } from '../../lib/listSearch';
import type { WantedPhoto } from '../../sync/replay/offlinePhotos';
import { apartmentsIndex } from '../../directory/apartmentsIndex';
import { buildingsIndex } from '../../directory/buildingsIndex';
import { byMeterNumber, metersIndex, newestReadingFirst, readingsIndex } from './readingsIndex';

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

// Until a list is in memory (its first screen), each read below is one IndexedDB index read, and the
// list is built after it in idle time (db/tableIndex.ts).

/** A meter's readings newest first: from memory, or a walk of `[meterId+readAt]`. */
async function readingsOfMeter(meterId: string): Promise<MeterReadingRow[]> {
  if (readingsIndex.isReady()) return readingsOf('meterId', meterId);
  const readings = await rowsInScope(db.meterReadings, '[meterId+readAt]', [meterId]).toArray();
  void readingsIndex.prepare();
  return readings.sort(newestReadingFirst);
}

async function metersIn(buildingId: number): Promise<MeterRow[]> {
  if (!metersIndex.isReady()) {
    const meters = await db.meters.where('buildingId').equals(buildingId).toArray();
    void metersIndex.prepare();
    return meters.sort(byMeterNumber);
  }
  const { entries, generation } = await metersIndex.inOrder('number');
  return metersBy.group('b', generation, entries, (m) => String(m.buildingId), String(buildingId)).entries.map((e) => e.row);
}

async function apartmentsIn(buildingId: number): Promise<ApartmentRow[]> {
  if (!apartmentsIndex.isReady()) {
    const apartments = await db.apartments.where('buildingId').equals(buildingId).toArray();
    void apartmentsIndex.prepare();
    return apartments;
  }
  const { entries, generation } = await apartmentsIndex.inOrder('id');
  return apartmentsBy.group('b', generation, entries, (a) => String(a.buildingId), String(buildingId)).entries.map((e) => e.row);
}

async function one<Row, K extends string | number>(index: { rowsOf: (ids: readonly K[]) => Promise<(Row | undefined)[]> }, id: K | null): Promise<Row | null> {
  return id === null ? null : ((await index.rowsOf([id]))[0] ?? null);
}

/** What a meter's overview needs of its readings: those its last reading is chosen from, and how many it has. */
type ReadingsSummary = { latest: readonly MeterReadingRow[]; count: number };

/**
 * Each meter's summary: from the building's readings in memory, or per meter from `[meterId+readAt]`
 * (a count, and the readings of its newest time: the last reading is among them).
 */
async function readingsSummaries(buildingId: number, meters: readonly MeterRow[]): Promise<Map<string, ReadingsSummary>> {
  if (readingsIndex.isReady()) {
    const byMeter = new Map<string, MeterReadingRow[]>();
    for (const r of await readingsOf('buildingId', buildingId)) {
      const own = byMeter.get(r.meterId);
      if (own) own.push(r);
      else byMeter.set(r.meterId, [r]);
    }
    return new Map([...byMeter].map(([meterId, own]) => [meterId, { latest: own, count: own.length }]));
  }
  const summaries = await db.transaction('r', db.meterReadings, () =>
    Promise.all(
      meters.map(async (meter): Promise<[string, ReadingsSummary]> => {
        const [count, newest] = await Promise.all([
          countInScope(db.meterReadings, '[meterId+readAt]', [meter.id]),
          rowsInScope(db.meterReadings, '[meterId+readAt]', [meter.id]).last(),
        ]);
        const latest = newest ? await db.meterReadings.where('[meterId+readAt]').equals([meter.id, newest.readAt]).toArray() : [];
        return [meter.id, { latest, count }];
      }),
    ),
  );
  void readingsIndex.prepare();
  return new Map(summaries);
}

export async function buildingMeters(buildingId: number): Promise<BuildingMeters> {
  const [building, meters, apartments] = await Promise.all([one(buildingsIndex, buildingId), metersIn(buildingId), apartmentsIn(buildingId)]);
  const summaries = await readingsSummaries(buildingId, meters);
  const byId = new Map(apartments.map((a) => [a.id, a]));
  return {
    building,
    apartments: apartments.sort(byApartmentNumber),
    meters: meters.map((meter) => {
      const own = summaries.get(meter.id) ?? { latest: [], count: 0 };
      return { meter, apartment: meter.apartmentId ? (byId.get(meter.apartmentId) ?? null) : null, last: lastOf(meter, own.latest), readingsCount: own.count };
    }),
  };
}

export type MeterDetail = { meter: MeterRow; building: BuildingRow | null; apartment: ApartmentRow | null; readings: MeterReadingRow[]; previous: number };

/** One counter with its readings newest first and the value a new reading must exceed. */
export async function meterDetail(meterId: string): Promise<MeterDetail | null> {
  const meter = await one(metersIndex, meterId);
  if (!meter) return null;
  const [building, apartment, readings] = await Promise.all([
    one(buildingsIndex, meter.buildingId),
    one(apartmentsIndex, meter.apartmentId),
    readingsOfMeter(meterId),
  ]);
  return { meter, building, apartment, readings, previous: previousReadingOf(meter, readings) };
}

/** Readings per meter whose photos the day offline keeps: the last one and the one before it. */
export const OFFLINE_READINGS_PER_METER = 2;

/** The server photos of the recent readings of the buildings' meters, newest readings first. */
export async function recentReadingPhotos(buildingIds: readonly number[], perMeter = OFFLINE_READINGS_PER_METER): Promise<WantedPhoto[]> {
  const readings = await db.meterReadings
    .where('buildingId')
    .anyOf([...buildingIds])
    .toArray();
  const byMeter = new Map<string, MeterReadingRow[]>();
  for (const r of readings) byMeter.set(r.meterId, [...(byMeter.get(r.meterId) ?? []), r]);
  const recent = [...byMeter.values()].flatMap((rows) => rows.sort((a, b) => (a.readAt < b.readAt ? 1 : -1)).slice(0, perMeter));
  return recent
    .sort((a, b) => (a.readAt < b.readAt ? 1 : -1))
    .flatMap((r) => (r.photoId ? [{ fileId: r.photoId, ownerTable: 'meterReadings', ownerId: r.id }] : []));
}
