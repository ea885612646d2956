// "Take the day offline" (session/takeDayOffline.ts): every building the worker needs, one building
// at a time — today's plan first, then the current building and those with unsent changes, then (scope
// `all`) the other assigned buildings — through each repository's own pull (rows with pending local
// changes are kept, and each pull prunes what the server no longer has in its scope). A building whose
// pulls all succeeded is marked taken (db/takenBuildings.ts): its screens work offline, the others say
// they were not taken. Composed here, where features meet.
import type { ApiClient } from '../api/client';
import { isSessionExpired } from '../api/errors';
import { pullApartments } from '../directory/apartmentsRepo';
import { pullBuildings } from '../directory/buildingsRepo';
import { pullContacts } from '../directory/contactsRepo';
import { pullItems } from '../directory/itemsPull';
import { forgetTakenBuildingsExcept, markBuildingTaken } from '../db/takenBuildings';
import { pullChecksToFill } from '../features/checks/checkGroupsRepo';
import { pullDebts } from '../features/checks/checksRepo';
import { pullDailyPlan, pullVisits } from '../features/daily-plan/visitsRepo';
import { pullMaintenance } from '../features/maintenance/maintenanceRepo';
import { pullMeters, pullReadings } from '../features/meters/meterReadingsRepo';
import { recentReadingPhotos } from '../features/meters/metersQueries';
import { offlineCallPhotos } from '../features/service-calls/serviceCallFiles';
import { pullCallsWithHistory } from '../features/service-calls/serviceCallsRepo';
import { keepOfflineCopies, shrinkSentPhotos } from '../sync/offlinePhotos';
import { buildingsWithPendingChanges } from '../sync/pendingBuildings';
import { toLocalDateString } from '../lib/dates';
import { eachLimited } from '../lib/eachLimited';
import type { DailyPlan } from '../lib/domain/entities';
import type { Action } from '../lib/rights/rights';
import type { TakeDayBuilding, TakeDayPhotos, TakeDayProgress, TakeDayResult, TakeDayScope, TakeDayStep } from '../session/takeDayOffline';
import { buildingsToTake } from './takeDayBuildings';

const PARALLEL = 3;

export type TakeDayOptions = {
  /** The plan's date (default: today on this device). */
  date?: string;
  /** Default `all`. */
  scope?: TakeDayScope;
  /** The session's current building: always taken. */
  currentBuildingId?: number | null;
  /** Buildings taken earlier stay taken even when this (limited) take leaves them out (the sign-in's take). */
  keepOtherBuildings?: boolean;
  /** The signed-in user's rights: a pull the user may not make is not asked for (default: every pull). */
  may?: (action: Action) => boolean;
  onProgress?: (progress: TakeDayProgress) => void;
};

type BuildingPull = { right: Action; pull: (api: ApiClient, buildingId: number) => Promise<unknown> };

/** Everything one building's screens read offline. */
const buildingPulls: readonly BuildingPull[] = [
  { right: 'apartments.read', pull: pullApartments },
  { right: 'contacts.read', pull: pullContacts },
  { right: 'serviceCalls.read', pull: (api, bid) => pullCallsWithHistory(api, bid, PARALLEL) },
  {
    right: 'meters.read',
    pull: async (api, bid) => {
      const { records } = await pullMeters(api, bid);
      await eachLimited(records, PARALLEL, (meter) => pullReadings(api, String(meter.id)));
    },
  },
  { right: 'items.read', pull: (api, bid) => pullItems(api, 'keys', bid) },
  { right: 'items.read', pull: (api, bid) => pullItems(api, 'mailItems', bid) },
  { right: 'maintenance.read', pull: pullMaintenance },
  { right: 'debts.read', pull: (api, bid) => pullDebts(api, { buildingId: bid }) },
];

export async function takeDayOffline(api: ApiClient, options: TakeDayOptions = {}): Promise<TakeDayResult & { plan: DailyPlan | null }> {
  const date = options.date ?? toLocalDateString(new Date());
  const scope = options.scope ?? 'all';
  const may = options.may ?? (() => true);
  const failed: TakeDayStep[] = [];
  const failedBuildings: TakeDayBuilding[] = [];
  const taken: number[] = [];
  let plan: DailyPlan | null = null;
  let toTake: TakeDayBuilding[] = [];
  let photos: TakeDayPhotos | undefined;
  let done = 0;
  const total = () => 4 + toTake.length;
  const report = (step: TakeDayStep | null, building?: TakeDayBuilding) =>
    options.onProgress?.({ done, total: total(), step, ...(building ? { building } : {}), ...(photos ? { photos } : {}) });

  /** One step; an expired session is for the re-login, any other failure is reported and the take goes on. */
  async function run(step: TakeDayStep, work: () => Promise<unknown>, building?: TakeDayBuilding): Promise<boolean> {
    report(step, building);
    try {
      await work();
      return true;
    } catch (error) {
      if (isSessionExpired(error)) throw error;
      return false;
    } finally {
      done += 1;
    }
  }

  const plannedOk = await run('visits', async () => {
    if (!may('plan.read')) return;
    plan = await pullDailyPlan(api, date);
    await pullVisits(api, date);
  });
  if (!plannedOk) failed.push('visits');

  const listOk = await run('buildings', async () => {
    const { records } = await pullBuildings(api);
    const names = new Map(records.map((r) => [Number(r.id), typeof r.name === 'string' ? r.name : String(r.id)]));
    const ids = buildingsToTake({
      assigned: [...names.keys()].filter(Number.isFinite),
      planned: [...((plan as DailyPlan | null)?.entries ?? [])].sort((a, b) => a.order - b.order).map((e) => e.buildingId),
      current: options.currentBuildingId ?? null,
      pending: await buildingsWithPendingChanges(),
      scope,
    });
    toTake = ids.map((id) => ({ id, name: names.get(id) ?? String(id) }));
    // A take the worker limited says which buildings the phone holds today; the others are no longer "taken".
    if (scope !== 'all' && !options.keepOtherBuildings) await forgetTakenBuildingsExcept(ids);
  });
  if (!listOk) failed.push('buildings');

  const wanted = buildingPulls.filter((p) => may(p.right));
  for (const building of toTake) {
    const ok = await run(
      'building',
      async () => {
        let failures = 0;
        await eachLimited(wanted, PARALLEL, async ({ pull }) => {
          try {
            await pull(api, building.id);
          } catch (error) {
            if (isSessionExpired(error)) throw error;
            failures += 1;
          }
        });
        if (failures > 0) throw new Error(`${failures} pulls of building ${building.id} failed`);
        await markBuildingTaken(building.id, new Date().toISOString());
      },
      building,
    );
    if (ok) taken.push(building.id);
    else failedBuildings.push(building);
  }

  if (!may('checks.deposit')) done += 1;
  else if (!(await run('checkGroups', () => pullChecksToFill(api)))) failed.push('checkGroups');

  // Last: the readings and calls pulled above name the photos, building by building in the take's
  // order (the budget keeps the plan's first), the previous reading's before the calls'.
  const ids = toTake.map((b) => b.id);
  const photosOk = await run('photos', async () => {
    const readings = (await Promise.all(ids.map((id) => recentReadingPhotos([id])))).flat();
    const calls = may('serviceCalls.read') ? await offlineCallPhotos(api, ids) : [];
    await keepOfflineCopies(api, [...readings, ...calls], {
      onProgress: (progress) => {
        photos = progress;
        report('photos');
      },
    });
    // Room for the day: photos already sent keep only their small version.
    await shrinkSentPhotos(api);
  });
  if (!photosOk) failed.push('photos');

  report(null);
  return { scope, buildingIds: taken, failed, failedBuildings, plan, ...(photos ? { photos } : {}) };
}
