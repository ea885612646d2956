// The dashboard's read model: open calls per building for the list, and the current building's
// profile with its counts. The calls, keys and mail items counted here belong to their own features'
// repositories, which write them; this only counts what the device holds.
import { db } from '../../db/db';
import type { BuildingRow } from '../../db/schema';
import { getBuilding } from '../../directory/buildingsRepo';

/**
 * Open calls (the "open" tab: not closed, cancelled or planned) per building id, buildings without any
 * left out: one index count per building, not a walk of every open call (the dashboard waits for it).
 */
export async function openCallCounts(): Promise<Map<number, number>> {
  return db.transaction('r', db.buildings, db.serviceCalls, async () => {
    const ids = await db.buildings.toCollection().primaryKeys();
    const counts = await Promise.all(ids.map((id) => db.serviceCalls.where('[buildingId+tab]').equals([id, 'open']).count()));
    const open = new Map<number, number>();
    ids.forEach((id, i) => {
      if (counts[i]) open.set(id, counts[i]);
    });
    return open;
  });
}

export type DashboardList = { buildings: BuildingRow[]; counts: Map<number, number> };

/** The dashboard's list: every building and the open calls of each, in one read. */
export function dashboardList(): Promise<DashboardList> {
  return db.transaction('r', db.buildings, db.serviceCalls, async () => {
    const [buildings, counts] = await Promise.all([db.buildings.toArray(), openCallCounts()]);
    return { buildings, counts };
  });
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
  const pending = [building.id, 'pending'] as const;
  const [openCalls, pendingKeys, pendingMailItems] = await Promise.all([
    db.serviceCalls.where('[buildingId+tab]').equals([building.id, 'open']).count(),
    db.keys
      .where('[buildingId+status]')
      .equals([...pending])
      .count(),
    db.mailItems
      .where('[buildingId+status]')
      .equals([...pending])
      .count(),
  ]);
  return { building, openCalls, pendingKeys, pendingMailItems };
}
