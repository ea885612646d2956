// What one plan entry shows: the building, the worker's visit today, the building's open calls and
// its keys and mail items waiting for their owners — all read from the device.
import type { BuildingRow, KeyItemRow, MailItemRow, ServiceCallRow, VisitRow } from '../../db/schema';
import type { DailyPlanEntry } from '../../lib/domain/entities';
import { getBuilding, openCallsOfBuilding, pendingItemsOfBuilding } from '../buildings/buildingsRepo';
import { visitOf } from './visitsRepo';

export type PlanEntryDetails = {
  building: BuildingRow | null;
  visit: VisitRow | null;
  openCalls: ServiceCallRow[];
  pendingKeys: KeyItemRow[];
  pendingMailItems: MailItemRow[];
};

export async function planEntryDetails(entry: DailyPlanEntry, visitDate: string, workerId: string): Promise<PlanEntryDetails> {
  const [building, visit, openCalls, pending] = await Promise.all([
    getBuilding(entry.buildingId),
    visitOf(entry.buildingId, visitDate, workerId),
    openCallsOfBuilding(entry.buildingId),
    pendingItemsOfBuilding(entry.buildingId),
  ]);
  return { building, visit, openCalls, pendingKeys: pending.keys, pendingMailItems: pending.mailItems };
}
