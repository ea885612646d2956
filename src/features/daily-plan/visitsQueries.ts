// Read models of the daily plan: the worker's plan of a day, a building's visit, and what one plan
// entry shows (the building, the visit, its open calls and the keys and mail items waiting for their
// owners) — all read from the device.
import { db } from '../../db/db';
import type { BuildingRow, DailyPlanRow, KeyItemRow, MailItemRow, ServiceCallRow, VisitRow } from '../../db/schema';
import { getBuilding } from '../../directory/buildingsRepo';
import type { DailyPlanEntry } from '../../lib/domain/entities';

export const planKey = (workerId: string, planDate: string) => `${workerId}:${planDate}`;

export async function planOf(workerId: string, planDate: string): Promise<DailyPlanRow | null> {
  return (await db.dailyPlans.get(planKey(workerId, planDate))) ?? null;
}

/** The visit of `workerId` to a building on a date (one per worker, building and day). */
export async function visitOf(buildingId: number, visitDate: string, workerId: string): Promise<VisitRow | null> {
  const visits = await db.visits.where('[buildingId+visitDate]').equals([buildingId, visitDate]).toArray();
  return visits.find((v) => v.workerId === workerId) ?? null;
}

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
