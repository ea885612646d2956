// Which buildings "take the day offline" put on this device, and when: one typed `meta` row per
// building. Every screen of a building asks here (session/BuildingNotTaken.tsx) before it says
// "not taken offline", so the take and the screens never disagree about what is on the phone.
import { db } from './db';
import type { MetaRow } from './schema';

const PREFIX = 'takenOffline:';

export type TakenBuilding = {
  buildingId: number;
  /** When the last take finished this building (ISO). */
  takenAt: string;
};

const keyOf = (buildingId: number) => `${PREFIX}${buildingId}`;

function isTakenBuilding(value: unknown): value is TakenBuilding {
  if (typeof value !== 'object' || value === null) return false;
  const { buildingId, takenAt } = value as Record<string, unknown>;
  return typeof buildingId === 'number' && typeof takenAt === 'string';
}

/** Notes that every pull of the building succeeded in the take that ended `takenAt`. */
export async function markBuildingTaken(buildingId: number, takenAt: string): Promise<void> {
  const value: TakenBuilding = { buildingId, takenAt };
  await db.meta.put({ key: keyOf(buildingId), value } satisfies MetaRow);
}

/** The building's record, or null when no take has put it on this device. */
export async function takenBuilding(buildingId: number): Promise<TakenBuilding | null> {
  const value = (await db.meta.get(keyOf(buildingId)))?.value;
  return isTakenBuilding(value) ? value : null;
}

/** Every building taken offline on this device, by id. */
export async function takenBuildings(): Promise<Map<number, TakenBuilding>> {
  const rows = await db.meta.where('key').startsWith(PREFIX).toArray();
  return new Map(rows.flatMap((row) => (isTakenBuilding(row.value) ? [[row.value.buildingId, row.value] as const] : [])));
}

/**
 * A take limited by the worker (e.g. today's plan only) says which buildings the phone holds today:
 * the others lose their record, so their screens say they were not taken rather than show an old copy
 * as if it were today's. Their rows stay (nothing pending is ever among them: those are always taken).
 */
export async function forgetTakenBuildingsExcept(keep: readonly number[]): Promise<void> {
  const kept = new Set(keep);
  const rows = await db.meta.where('key').startsWith(PREFIX).toArray();
  const gone = rows.filter((row) => !isTakenBuilding(row.value) || !kept.has(row.value.buildingId)).map((row) => row.key);
  if (gone.length > 0) await db.meta.bulkDelete(gone);
}
