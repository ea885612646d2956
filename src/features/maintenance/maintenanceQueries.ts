// Read models of the maintenance screens: a building's facilities, its planned tests and the sends
// of its plan to the committee, as the device holds them.
import { db } from '../../db/db';
import type { FacilityRow, MaintenanceTestRow } from '../../db/schema';
import { PLAN_SEND_PREFIX } from './maintenanceRepo';
import type { PlanSendRow } from './maintenanceRepo';

export async function facilitiesOfBuilding(buildingId: number): Promise<FacilityRow[]> {
  return (await db.facilities.where('buildingId').equals(buildingId).toArray()).sort((a, b) => a.name.localeCompare(b.name, 'he'));
}

export async function getFacility(id: string): Promise<FacilityRow | null> {
  return (await db.facilities.get(id)) ?? null;
}

/** The planned tests, earliest planned date first. */
export async function testsOfBuilding(buildingId: number): Promise<MaintenanceTestRow[]> {
  return (await db.maintenanceTests.where('buildingId').equals(buildingId).toArray()).sort(
    (a, b) => a.plannedDate.localeCompare(b.plannedDate) || a.title.localeCompare(b.title, 'he'),
  );
}

export async function testsOfFacility(facilityId: string): Promise<MaintenanceTestRow[]> {
  return (await db.maintenanceTests.where('facilityId').equals(facilityId).toArray()).sort((a, b) => a.plannedDate.localeCompare(b.plannedDate));
}

/** The sends of a building's plan, newest first. */
export async function planSendsOfBuilding(buildingId: number): Promise<PlanSendRow[]> {
  const rows = (await db.meta.where('key').startsWith(PLAN_SEND_PREFIX).toArray()) as PlanSendRow[];
  return rows.filter((r) => r.value.buildingId === buildingId).sort((a, b) => (a.value.sentAt < b.value.sentAt ? 1 : -1));
}
