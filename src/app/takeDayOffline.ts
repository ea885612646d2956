// "Take the day offline" (session/takeDayOffline.ts): every building the worker needs — today's plan
// first, then the current building and those with unsent changes, then (scope `all`) the other assigned
// buildings. First through the incremental pull (takeDayFeed.ts: a few requests for everything, and
// after the first take only what changed); where that cannot run (a server without it, a page that
// failed), one building at a time through each repository's own pull (rows with pending local changes
// are kept, and each pull prunes what the server no longer has in its scope). A building whose records
// all arrived is marked taken (db/takenBuildings.ts): its screens work offline, the others say they were
// not taken. Then the photos the day names. Composed here, where features meet.
import type { ApiClient } from '../api/client';
import { isSessionExpired } from '../api/errors';
import { withPageClient } from '../session/api';
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
import { keepOfflineCopies, shrinkSentPhotos } from '../sync/replay/offlinePhotos';
import { buildingsWithPendingChanges } from '../sync/write/pendingBuildings';
import { toLocalDateString } from '../lib/dates';
import { eachLimited } from '../lib/eachLimited';
import type { DailyPlan } from '../lib/domain/entities';
import type { Action } from '../lib/rights/rights';
import type { TakeDayBuilding, TakeDayPhotos, TakeDayProgress, TakeDayResult, TakeDayScope, TakeDayStep } from '../session/takeDayOffline';
import { buildingsToTake } from './takeDayBuildings';
import { takeThroughFeed } from './takeDayFeed';

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
  /**
   * `later`: the take resolves once the records are on the device and the photos follow in the background
   * (the sign-in's take: the worker sees the dashboard without waiting for pictures). Default `now`.
   */
  photos?: 'now' | 'later';
  /** Only the pulls building by building (the incremental pull's fallback; tests of it). */
  buildingByBuilding?: boolean;
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

/** The progress the take reports, and its steps: an expired session is for the re-login, any other failure is reported and the take goes on. */
class TakeSteps {
  done = 0;
  toTake: TakeDayBuilding[] = [];
  photos: TakeDayPhotos | undefined;
  readonly failed: TakeDayStep[] = [];

  constructor(private readonly onProgress: TakeDayOptions['onProgress']) {}

  report(step: TakeDayStep | null, building?: TakeDayBuilding): void {
    const { done, photos } = this;
    this.onProgress?.({ done, total: 4 + this.toTake.length, step, ...(building ? { building } : {}), ...(photos ? { photos } : {}) });
  }

  async run(step: TakeDayStep, work: () => Promise<unknown>, building?: TakeDayBuilding): Promise<boolean> {
    this.report(step, building);
    try {
      await work();
      return true;
    } catch (error) {
      if (isSessionExpired(error)) throw error;
      return false;
    } finally {
      this.done += 1;
    }
  }
}

type Taken = { plan: DailyPlan | null; buildingIds: number[]; failedBuildings: TakeDayBuilding[] };

/** The incremental pull; null when it cannot run (the take then goes building by building). */
async function takeIncrementally(
  api: ApiClient,
  options: TakeDayOptions & { date: string; scope: TakeDayScope },
  steps: TakeSteps,
): Promise<(Taken & { requests: number }) | null> {
  try {
    const fed = await takeThroughFeed(api, {
      date: options.date,
      scope: options.scope,
      current: options.currentBuildingId ?? null,
      keepOtherBuildings: options.keepOtherBuildings ?? false,
      onBuildings: (buildings) => {
        steps.toTake = buildings;
        steps.report('buildings');
      },
      onBuilding: (building) => {
        steps.done += 1;
        steps.report('building', building);
      },
    });
    // The plan, the list of buildings and the groups to fill came with the pull.
    steps.done = 3 + steps.toTake.length;
    return { plan: fed.plan, buildingIds: fed.buildingIds, failedBuildings: [], requests: fed.requests };
  } catch (error) {
    if (isSessionExpired(error)) throw error;
    steps.done = 0;
    return null;
  }
}

/** Each repository's own pull, one building at a time (three pulls at once). */
async function takeBuildingByBuilding(api: ApiClient, options: TakeDayOptions & { date: string; scope: TakeDayScope }, steps: TakeSteps): Promise<Taken> {
  const { date, scope } = options;
  const may = options.may ?? (() => true);
  let plan: DailyPlan | null = null;
  const plannedOk = await steps.run('visits', async () => {
    if (!may('plan.read')) return;
    plan = await pullDailyPlan(api, date);
    await pullVisits(api, date);
  });
  if (!plannedOk) steps.failed.push('visits');

  const listOk = await steps.run('buildings', async () => {
    const { records } = await pullBuildings(api);
    const names = new Map(records.map((r) => [Number(r.id), typeof r.name === 'string' ? r.name : String(r.id)]));
    const ids = buildingsToTake({
      assigned: [...names.keys()].filter(Number.isFinite),
      planned: [...((plan as DailyPlan | null)?.entries ?? [])].sort((a, b) => a.order - b.order).map((e) => e.buildingId),
      current: options.currentBuildingId ?? null,
      pending: await buildingsWithPendingChanges(),
      scope,
    });
    steps.toTake = ids.map((id) => ({ id, name: names.get(id) ?? String(id) }));
    // A take the worker limited says which buildings the phone holds today; the others are no longer "taken".
    if (scope !== 'all' && !options.keepOtherBuildings) await forgetTakenBuildingsExcept(ids);
  });
  if (!listOk) steps.failed.push('buildings');

  const buildingIds: number[] = [];
  const failedBuildings: TakeDayBuilding[] = [];
  const wanted = buildingPulls.filter((p) => may(p.right));
  for (const building of steps.toTake) {
    const ok = await steps.run(
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
    if (ok) buildingIds.push(building.id);
    else failedBuildings.push(building);
  }

  if (!may('checks.deposit')) steps.done += 1;
  else if (!(await steps.run('checkGroups', () => pullChecksToFill(api)))) steps.failed.push('checkGroups');
  return { plan, buildingIds, failedBuildings };
}

export async function takeDayOffline(api: ApiClient, options: TakeDayOptions = {}): Promise<TakeDayResult & { plan: DailyPlan | null; requests?: number }> {
  const date = options.date ?? toLocalDateString(new Date());
  const scope = options.scope ?? 'all';
  const may = options.may ?? (() => true);
  const steps = new TakeSteps(options.onProgress);
  const settled = { ...options, date, scope };
  const fed = options.buildingByBuilding ? null : await takeIncrementally(api, settled, steps);
  const { plan, buildingIds, failedBuildings } = fed ?? (await takeBuildingByBuilding(api, settled, steps));

  // Last: the readings and calls pulled above name the photos, building by building in the take's
  // order (the budget keeps the plan's first), the previous reading's before the calls'.
  const ids = steps.toTake.map((b) => b.id);
  const takePhotos = async () => {
    const photosOk = await steps.run('photos', async () => {
      const readings = (await Promise.all(ids.map((id) => recentReadingPhotos([id])))).flat();
      const calls = may('serviceCalls.read') ? await offlineCallPhotos(api, ids, { listed: fed !== null }) : [];
      await keepOfflineCopies(api, [...readings, ...calls], {
        onProgress: (progress) => {
          steps.photos = progress;
          steps.report('photos');
        },
      });
      // Room for the day: photos already sent keep only their small version.
      await shrinkSentPhotos(api);
    });
    if (!photosOk) steps.failed.push('photos');
  };
  // A session that expires meanwhile is renewed by the next call that needs it; the screens show what arrived.
  if (options.photos === 'later') void takePhotos().catch(() => undefined);
  else await takePhotos();

  steps.report(null);
  const { photos, failed } = steps;
  return { scope, buildingIds, failed, failedBuildings, plan, ...(photos ? { photos } : {}), ...(fed ? { requests: fed.requests } : {}) };
}

/** The download with the page's client and its silent re-login (a -1 answer renews the session once). */
export const takeDayOfflineWithPageClient = withPageClient(takeDayOffline);
