// Read models of the daily plan: the worker's plan of a day, a building's visit, and what one plan
// entry shows (the building, the visit, its open calls and the keys and mail items waiting for their
// owners) — all read from the device.
import { db } from '../../db/db';
import type { BuildingRow, DailyPlanRow, KeyItemRow, MailItemRow, ServiceCallRow, VisitRow } from '../../db/schema';
import { takenBuildings } from '../../db/takenBuildings';
import { getBuilding } from '../../directory/buildingsRepo';
import type { DailyPlan, DailyPlanEntry } from '../../lib/domain/entities';

export const planKey = (workerId: string, planDate: string) => `${workerId}:${planDate}`;

export async function planOf(workerId: string, planDate: string): Promise<DailyPlanRow | null> {
  return (await db.dailyPlans.get(planKey(workerId, planDate))) ?? null;
}

/** The day's plan as the screen shows it; `workedOut` when the device had none stored for the day. */
export type DayPlan = { plan: DailyPlan; workedOut: boolean };

/** The worker's newest stored plan before `planDate`, if any. */
async function lastPlanBefore(workerId: string, planDate: string): Promise<DailyPlanRow | null> {
  const earlier = await db.dailyPlans.where('planDate').below(planDate).reverse().sortBy('planDate');
  return earlier.find((p) => p.workerId === workerId) ?? null;
}

/**
 * The worker's plan of a day. With none stored (the day was not taken offline, or not yet), it is
 * worked out on the device so visits can be recorded all the same: the buildings on the phone (those
 * taken offline, else every stored building), the last stored plan's first in its order with the
 * checklists it gave them, then the others by number; the last stored plan alone when the phone has
 * no building. Null when there is nothing to work from.
 */
export async function dayPlanOf(workerId: string, planDate: string): Promise<DayPlan | null> {
  const stored = await planOf(workerId, planDate);
  if (stored) return { plan: stored, workedOut: false };
  const [last, taken, buildings] = await Promise.all([lastPlanBefore(workerId, planDate), takenBuildings(), db.buildings.orderBy('number').toArray()]);
  const onPhone = buildings.map((b) => b.id).filter((id) => taken.size === 0 || taken.has(id));
  const lastEntries = [...(last?.entries ?? [])].sort((a, b) => a.order - b.order);
  const ids =
    onPhone.length === 0
      ? lastEntries.map((e) => e.buildingId)
      : [...new Set([...lastEntries.map((e) => e.buildingId).filter((id) => onPhone.includes(id)), ...onPhone])];
  if (ids.length === 0) return null;
  const checklists = new Map(lastEntries.map((e) => [e.buildingId, e.checklist]));
  const entries = ids.map((buildingId, i) => ({ buildingId, order: i + 1, checklist: checklists.get(buildingId) ?? [] }));
  return { plan: { planDate, workerId, entries }, workedOut: true };
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
    db.keys
      .where('[buildingId+status]')
      .equals([...pending])
      .toArray(),
    db.mailItems
      .where('[buildingId+status]')
      .equals([...pending])
      .toArray(),
  ]);
  return { building, visit, openCalls, pendingKeys, pendingMailItems };
}
