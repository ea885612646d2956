// Buildings (the spec's cached unit list) and the per-building counts the dashboard and the daily
// plan show. Buildings are read-only on the device; the open calls, keys and mail items counted here
// belong to their own features' repositories, which write them.
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import type { BuildingRow, KeyItemRow, MailItemRow, ServiceCallRow } from '../../db/schema';
import { pullInto } from '../../sync/pull';

export function allBuildings(): Promise<BuildingRow[]> {
  return db.buildings.toArray();
}

export async function getBuilding(id: number | null | undefined): Promise<BuildingRow | null> {
  if (id === null || id === undefined) return null;
  return (await db.buildings.get(id)) ?? null;
}

/** Open calls (the "open" tab: not closed, cancelled or planned) per building id. */
export async function openCallCounts(): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  await db.serviceCalls
    .where('tab')
    .equals('open')
    .each((call) => counts.set(call.buildingId, (counts.get(call.buildingId) ?? 0) + 1));
  return counts;
}

/** The open calls of one building, most recently updated first. */
export async function openCallsOfBuilding(buildingId: number): Promise<ServiceCallRow[]> {
  const calls = await db.serviceCalls.where('[buildingId+tab]').equals([buildingId, 'open']).toArray();
  return calls.sort((a, b) => b.lastUpdateAt.localeCompare(a.lastUpdateAt));
}

export type PendingItems = { keys: KeyItemRow[]; mailItems: MailItemRow[] };

/** Keys and mail items of the building still waiting for their owner. */
export async function pendingItemsOfBuilding(buildingId: number): Promise<PendingItems> {
  const [keys, mailItems] = await Promise.all([
    db.keys.where('[buildingId+status]').equals([buildingId, 'pending']).toArray(),
    db.mailItems.where('[buildingId+status]').equals([buildingId, 'pending']).toArray(),
  ]);
  return { keys, mailItems };
}

export type BuildingProfile = {
  building: BuildingRow;
  openCalls: number;
  pendingKeys: number;
  pendingMailItems: number;
};

export async function buildingProfile(id: number | null | undefined): Promise<BuildingProfile | null> {
  const building = await getBuilding(id);
  if (!building) return null;
  const [openCalls, pending] = await Promise.all([
    db.serviceCalls.where('[buildingId+tab]').equals([building.id, 'open']).count(),
    pendingItemsOfBuilding(building.id),
  ]);
  return { building, openCalls, pendingKeys: pending.keys.length, pendingMailItems: pending.mailItems.length };
}

/** Refreshes the unit list (spec 7: GET /pos/building/units, no product prefix). */
export async function pullBuildings(api: ApiClient) {
  return pullInto(api, { table: 'buildings', path: 'pos/building/units', options: { prefix: false }, scope: () => true });
}
