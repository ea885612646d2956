// Which buildings a take puts on the phone, in which order, and how big that is: pure rules, so the
// take (takeDayOffline.ts) and the estimate the worker sees before it (takeDayEstimate.ts) agree.
import type { TakeDayScope, TakeDaySize } from '../session/takeDayOffline';

export type TakeDayChoice = {
  /** The worker's buildings as the server lists them (number order). */
  assigned: readonly number[];
  /** Today's plan, in the plan's order. */
  planned: readonly number[];
  /** The session's current building (the dashboard's choice). */
  current: number | null;
  /** Buildings with changes waiting to be sent. */
  pending: readonly number[];
  scope: TakeDayScope;
};

/**
 * The plan's buildings first, then the current building and those with unsent changes (always taken,
 * whatever the scope), then (`all`) every other assigned building. Without a plan (a user whose role
 * has none, or none came), a take limited to the plan has nothing to limit to and takes them all. Only
 * assigned buildings: the server refuses the others.
 */
export function buildingsToTake({ assigned, planned, current, pending, scope }: TakeDayChoice): number[] {
  const mine = new Set(assigned);
  const everything = scope === 'all' || planned.length === 0;
  const order = [...planned, ...(current === null ? [] : [current]), ...pending, ...(everything ? assigned : [])];
  return [...new Set(order)].filter((id) => mine.has(id));
}

/**
 * Records a building is guessed to bring when the device has none of it yet: per apartment (the
 * apartment, about two contacts, its counter with a year of readings, its debts) and per building
 * (calls, keys, mail items, maintenance tests). Close to the demo company's buildings; only an estimate.
 */
export const GUESS_RECORDS_PER_APARTMENT = 16;
export const GUESS_RECORDS_PER_BUILDING = 40;
/** Photos the take keeps per counter: the last two readings' (metersQueries.OFFLINE_READINGS_PER_METER). */
export const GUESS_PHOTOS_PER_APARTMENT = 2;

/**
 * The default take covers every building while the whole is at most this many records (a worker with
 * 40 buildings of ~25 apartments, about 17 000 records, a few MB on the phone); above it, today's plan.
 */
export const ALL_BUILDINGS_RECORD_LIMIT = 20_000;

export type BuildingSize = { records: number; photos: number };

/** What the device holds of a building (counted), or a guess from its number of apartments. */
export function sizeOfBuilding(apartmentsCount: number, onDevice: BuildingSize | null): BuildingSize {
  if (onDevice && onDevice.records > 0) return onDevice;
  const apartments = Math.max(0, apartmentsCount);
  return { records: GUESS_RECORDS_PER_BUILDING + apartments * GUESS_RECORDS_PER_APARTMENT, photos: apartments * GUESS_PHOTOS_PER_APARTMENT };
}

export function sizeOf(ids: readonly number[], sizes: ReadonlyMap<number, BuildingSize>): TakeDaySize {
  let records = 0;
  let photos = 0;
  for (const id of ids) {
    records += sizes.get(id)?.records ?? 0;
    photos += sizes.get(id)?.photos ?? 0;
  }
  return { buildings: ids.length, records, photos };
}

export function suggestedScope(all: TakeDaySize): TakeDayScope {
  return all.records <= ALL_BUILDINGS_RECORD_LIMIT ? 'all' : 'plan';
}
