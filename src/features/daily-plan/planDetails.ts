// What one plan entry shows: the building, the worker's visit today, the building's open calls and
// its keys and mail items waiting for their owners — all read from the device.
import { db } from '../../db/db';
import type { BuildingRow, KeyItemRow, MailItemRow, ServiceCallRow, VisitRow } from '../../db/schema';
import { getBuilding } from '../../directory/buildingsRepo';
import type { DailyPlanEntry } from '../../lib/domain/entities';
import { visitOf } from './visitsRepo';

export type PlanEntryDetails = {
  building: BuildingRow | null;
  visit: VisitRow | null;
  openCalls: ServiceCallRow[];
  pendingKeys: KeyItemRow[];
  pendingMailItems: MailItemRow[];
};

/** The open calls of one building, most recently updated first. */
async function openCallsOfBuilding(buildingId: number): Promise<ServiceCallRow[]> {
  const calls = await db.serviceCalls.where('[buildingId+tab]').equals([buildingId, 'open']).toArray();
  return calls.sort((a, b) => b.lastUpdateAt.localeCompare(a.lastUpdateAt));
}

export async function planEntryDetails(entry: DailyPlanEntry, visitDate: string, workerId: string): Promise<PlanEntryDetails> {
  const pending = [entry.buildingId, 'pending'] as const;
  const [building, visit, openCalls, pendingKeys, pendingMailItems] = await Promise.all([
    getBuilding(entry.buildingId),
    visitOf(entry.buildingId, visitDate, workerId),
    openCallsOfBuilding(entry.buildingId),
    db.keys.where('[buildingId+status]').equals([...pending]).toArray(),
    db.mailItems.where('[buildingId+status]').equals([...pending]).toArray(),
  ]);
  return { building, visit, openCalls, pendingKeys, pendingMailItems };
}
