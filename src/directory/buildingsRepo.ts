// Buildings: the spec's cached unit list, read by every feature (the current building, pickers,
// names on cards) and read-only on the device. Its one pull lives here.
import type { ApiClient } from '../api/client';
import { db } from '../db/db';
import type { BuildingRow } from '../db/schema';
import { pullInto } from '../sync/replay/pull';

export function allBuildings(): Promise<BuildingRow[]> {
  return db.buildings.toArray();
}

export async function getBuilding(id: number | null | undefined): Promise<BuildingRow | null> {
  if (id === null || id === undefined) return null;
  return (await db.buildings.get(id)) ?? null;
}

/** Refreshes the unit list (spec 7: GET /pos/building/units, no product prefix). */
export async function pullBuildings(api: ApiClient) {
  return pullInto(api, { table: 'buildings', path: 'pos/building/units', options: { prefix: false }, scope: () => true });
}
