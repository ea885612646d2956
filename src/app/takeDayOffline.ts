// "Take the day offline" (session/takeDayOffline.ts): everything the worker's daily plan needs, step by
// step with progress, through each repository's own pull (rows with pending local changes are kept,
// and each pull prunes what the server no longer has in its scope). Composed here, where features meet.
import type { ApiClient } from '../api/client';
import { isSessionExpired } from '../api/errors';
import { pullApartments } from '../directory/apartmentsRepo';
import { pullBuildings } from '../directory/buildingsRepo';
import { pullContacts } from '../directory/contactsRepo';
import { pullChecksToFill } from '../features/checks/checkGroupsRepo';
import { pullDebts } from '../features/checks/checksRepo';
import { pullDailyPlan, pullVisits } from '../features/daily-plan/visitsRepo';
import { pullItems } from '../features/items/itemsRepo';
import { pullMaintenance } from '../features/maintenance/maintenanceRepo';
import { pullMeters, pullReadings } from '../features/meters/meterReadingsRepo';
import { recentReadingPhotos } from '../features/meters/metersQueries';
import { openCallPhotos } from '../features/service-calls/serviceCallFiles';
import { pullServiceCalls } from '../features/service-calls/serviceCallsRepo';
import { keepOfflineCopies } from '../sync/offlinePhotos';
import { toLocalDateString } from '../lib/dates';
import type { DailyPlan } from '../lib/domain/entities';
import { takeDaySteps } from '../session/takeDayOffline';
import type { TakeDayPhotos, TakeDayProgress, TakeDayResult, TakeDayStep } from '../session/takeDayOffline';

const PARALLEL = 3;

async function eachLimited<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(runners);
}

export async function takeDayOffline(
  api: ApiClient,
  options: { date?: string; onProgress?: (progress: TakeDayProgress) => void } = {},
): Promise<TakeDayResult & { plan: DailyPlan | null }> {
  const date = options.date ?? toLocalDateString(new Date());
  const total = takeDaySteps.length;
  const failed: TakeDayStep[] = [];
  let done = 0;
  let plan: DailyPlan | null = null;
  let buildingIds: number[] = [];
  let photos: TakeDayPhotos | undefined;
  const report = (step: TakeDayStep | null) => options.onProgress?.({ done, total, step, ...(photos ? { photos } : {}) });
  const perBuilding = (pull: (bid: number) => Promise<unknown>) => () => eachLimited(buildingIds, pull);

  const steps: Record<TakeDayStep, () => Promise<unknown>> = {
    visits: async () => {
      plan = await pullDailyPlan(api, date);
      await pullVisits(api, date);
    },
    buildings: async () => {
      const { records } = await pullBuildings(api);
      const planned = (plan as DailyPlan | null)?.entries.map((e) => e.buildingId) ?? [];
      buildingIds = planned.length > 0 ? planned : records.map((r) => Number(r.id)).filter(Number.isFinite);
    },
    apartments: perBuilding((bid) => pullApartments(api, bid)),
    contacts: perBuilding((bid) => pullContacts(api, bid)),
    serviceCalls: perBuilding((bid) => pullServiceCalls(api, { buildingId: bid, tab: 'open' })),
    meters: perBuilding(async (bid) => {
      const { records } = await pullMeters(api, bid);
      await eachLimited(records, (meter) => pullReadings(api, String(meter.id)));
    }),
    keys: perBuilding((bid) => pullItems(api, 'keys', bid)),
    mailItems: perBuilding((bid) => pullItems(api, 'mailItems', bid)),
    maintenanceTests: perBuilding((bid) => pullMaintenance(api, bid)),
    debts: perBuilding((bid) => pullDebts(api, { buildingId: bid })),
    checkGroups: () => pullChecksToFill(api),
    // Last: the readings and calls pulled above name the photos (the previous reading's first).
    photos: async () => {
      const wanted = [...(await recentReadingPhotos(buildingIds)), ...(await openCallPhotos(api, buildingIds))];
      await keepOfflineCopies(api, wanted, {
        onProgress: (progress) => {
          photos = progress;
          report('photos');
        },
      });
    },
  };

  for (const step of takeDaySteps) {
    report(step);
    try {
      await steps[step]();
    } catch (error) {
      // An expired session is for the re-login; other failures leave that step for later.
      if (isSessionExpired(error)) throw error;
      failed.push(step);
    }
    done += 1;
  }
  report(null);
  return { buildingIds, failed, plan, ...(photos ? { photos } : {}) };
}
