// The size of a take before it starts, from what the device knows: the buildings' list (with their
// number of apartments), today's plan if stored, and the rows already on the device per building.
import Dexie from 'dexie';
import { db } from '../db/db';
import type { BuildingRow } from '../db/schema';
import { OFFLINE_PHOTO_BUDGET_BYTES } from '../sync/replay/offlinePhotos';
import { buildingsWithPendingChanges } from '../sync/write/pendingBuildings';
import type { TakeDayEstimate } from '../session/takeDayOffline';
import { buildingsToTake, sizeOf, sizeOfBuilding, suggestedScope } from './takeDayBuildings';
import type { BuildingSize } from './takeDayBuildings';
import { OFFLINE_READINGS_PER_METER } from '../features/meters/metersQueries';
import { planKey } from '../features/daily-plan/visitsQueries';

const byBuilding = ['apartments', 'contacts', 'meters', 'meterReadings', 'keys', 'mailItems', 'maintenanceTests', 'facilities', 'debts'] as const;

async function onDevice(buildingId: number): Promise<BuildingSize> {
  const [counts, calls, meters] = await Promise.all([
    Promise.all(byBuilding.map((table) => db[table].where('buildingId').equals(buildingId).count())),
    db.serviceCalls.where('[buildingId+tab]').between([buildingId, Dexie.minKey], [buildingId, Dexie.maxKey]).count(),
    db.meters.where('buildingId').equals(buildingId).count(),
  ]);
  return { records: counts.reduce((a, b) => a + b, 0) + calls, photos: meters * OFFLINE_READINGS_PER_METER };
}

export type EstimateInput = { workerId: string; date: string; current: number | null };

/** Today's plan as stored on the device (null when not taken yet today). */
async function plannedIds(workerId: string, date: string): Promise<number[]> {
  const plan = await db.dailyPlans.get(planKey(workerId, date));
  return [...(plan?.entries ?? [])].sort((a, b) => a.order - b.order).map((e) => e.buildingId);
}

export async function estimateTakeDay({ workerId, date, current }: EstimateInput): Promise<TakeDayEstimate> {
  const buildings: BuildingRow[] = await db.buildings.orderBy('number').toArray();
  const [planned, pending] = await Promise.all([plannedIds(workerId, date), buildingsWithPendingChanges()]);
  const sizes = new Map<number, BuildingSize>();
  await Promise.all(buildings.map(async (b) => sizes.set(b.id, sizeOfBuilding(b.apartmentsCount, await onDevice(b.id)))));
  const choice = { assigned: buildings.map((b) => b.id), planned, current, pending };
  const all = sizeOf(buildingsToTake({ ...choice, scope: 'all' }), sizes);
  const plan = sizeOf(buildingsToTake({ ...choice, scope: 'plan' }), sizes);
  return { all, plan, suggested: suggestedScope(all), photoBudget: OFFLINE_PHOTO_BUDGET_BYTES };
}
