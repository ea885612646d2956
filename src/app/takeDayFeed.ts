// "Take the day offline" through the incremental pull (src/sync/replay/changeFeed.ts): every table of every
// building in a few requests. The first take, a building added, or a cursor the server refused brings
// buildings whole; a take after it only what changed since the last one. Which local rows each table's
// `replace` stands for is said here, where the features meet, by the same scopes their own pulls prune
// with. takeDayOffline.ts falls back to the pulls building by building when this cannot run.
import type { ApiClient } from '../api/client';
import { isApiError, isSessionExpired } from '../api/errors';
import { db } from '../db/db';
import { markBuildingTaken, forgetTakenBuildingsExcept, takenBuildings } from '../db/takenBuildings';
import { forgetGroupsToFill, keepGroupsToFill } from '../features/checks/checkGroupsRepo';
import { keepDailyPlan } from '../features/daily-plan/visitsRepo';
import { forgetListedCallFiles, keepListedCallFiles } from '../features/service-calls/serviceCallFiles';
import { offlineCallsOf, offlineCallTabs } from '../features/service-calls/serviceCallsRepo';
import { currentActor } from '../sync/write/actor';
import { applyFeedChanges, requestFeedPage } from '../sync/replay/changeFeed';
import type { FeedScope, FeedTables, FeedTableSpec } from '../sync/replay/changeFeed';
import { dropFeedCursor, feedCursorOf, keepFeedCursor } from '../sync/replay/feedCursor';
import { buildingsWithPendingChanges } from '../sync/write/pendingBuildings';
import type { DailyPlan } from '../lib/domain/entities';
import type { TakeDayBuilding, TakeDayScope } from '../session/takeDayOffline';
import { buildingsToTake } from './takeDayBuildings';

/** Far more pages than a take needs (a page holds thousands of records): a guard, not a limit. */
const MAX_PAGES = 200;

const ofBuilding =
  (field: string): FeedScope =>
  async (buildingId) =>
  (row) =>
    buildingId === null || row[field] === buildingId;

const tabs: ReadonlySet<unknown> = new Set(offlineCallTabs);

/** The device's tables of the pull, in the order a page is applied. */
export function feedTablesFor(day: string): FeedTables {
  const inBuilding = ofBuilding('buildingId');
  const tables: [string, FeedTableSpec][] = [
    ['buildings', { scope: async () => () => true }],
    ['apartments', { scope: inBuilding }],
    ['contacts', { scope: inBuilding }],
    // The open and planned lists (pullCallsWithHistory's); a call closed elsewhere leaves them.
    ['serviceCalls', { scope: async (b) => (row) => (b === null || row.buildingId === b) && tabs.has(row.tab) }],
    [
      'serviceCallUpdates',
      {
        scope: async (b) => {
          const calls = new Set(b === null ? [] : (await offlineCallsOf(b)).map((call) => call.id));
          return (row) => calls.has(String(row.serviceCallId));
        },
      },
    ],
    [
      'serviceCallFiles',
      { scope: inBuilding, apply: (records, prune) => keepListedCallFiles(records, prune), remove: (ids, inScope) => forgetListedCallFiles(ids, inScope) },
    ],
    ['meters', { scope: inBuilding }],
    ['meterReadings', { scope: inBuilding }],
    ['keys', { scope: inBuilding }],
    ['mailItems', { scope: inBuilding }],
    ['facilities', { scope: inBuilding }],
    ['maintenanceTests', { scope: inBuilding }],
    ['debts', { scope: inBuilding }],
    ['visits', { scope: async (b) => (row) => (b === null || row.buildingId === b) && row.visitDate === day }],
    ['checkGroups', { scope: ofBuilding('BuildingId'), apply: keepGroupsToFill, remove: forgetGroupsToFill }],
  ];
  return new Map(tables);
}

export type FeedTakeOptions = {
  date: string;
  scope: TakeDayScope;
  current: number | null;
  keepOtherBuildings: boolean;
  /** The buildings this take puts on the device, once known (again when they change). */
  onBuildings: (buildings: TakeDayBuilding[]) => void;
  /** A building's records are all on the device. */
  onBuilding: (building: TakeDayBuilding) => void;
};

export type FeedTakeResult = { plan: DailyPlan | null; buildingIds: number[]; requests: number };

async function storedPlan(workerGuid: string, date: string): Promise<DailyPlan | null> {
  const plans = await db.dailyPlans.where('planDate').equals(date).toArray();
  return plans.find((p) => p.workerId === workerGuid) ?? (plans.length === 1 ? (plans[0] ?? null) : null);
}

async function buildingsFor(plan: DailyPlan | null, options: Pick<FeedTakeOptions, 'scope' | 'current'>): Promise<number[]> {
  const assigned = (await db.buildings.orderBy('number').toArray()).map((b) => b.id);
  const planned = [...(plan?.entries ?? [])].sort((a, b) => a.order - b.order).map((e) => e.buildingId);
  return buildingsToTake({ assigned, planned, current: options.current, pending: await buildingsWithPendingChanges(), scope: options.scope });
}

async function named(ids: readonly number[]): Promise<TakeDayBuilding[]> {
  const rows = await db.buildings.bulkGet([...ids]);
  return ids.map((id, i) => ({ id, name: rows[i]?.name ?? String(id) }));
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Pulls the day through the incremental pull and keeps its cursor. Throws when it cannot (the server
 * has no such call, or a page failed): nothing is marked taken then, and the cursor stays where the
 * last complete take left it.
 */
export async function takeThroughFeed(api: ApiClient, options: FeedTakeOptions): Promise<FeedTakeResult> {
  const actor = await currentActor();
  const stored = await feedCursorOf(actor.userKey);
  const tables = feedTablesFor(options.date);
  let plan = await storedPlan(actor.workerGuid, options.date);
  // The device's own guess first: on a take after a take it is the whole answer, in one request.
  let wanted = await buildingsFor(plan, options);
  let cursor = stored?.cursor ?? null;
  const taken = await takenBuildings();
  // Buildings the cursor covers but the device does not hold as taken (a limited take forgot them).
  let fresh = cursor ? wanted.filter((id) => !taken.has(id)) : [];
  let startedOver = false;
  let requests = 0;
  options.onBuildings(await named(wanted));
  const done = new Set<number>();
  for (let pages = 0; pages < MAX_PAGES; pages += 1) {
    let answer;
    try {
      requests += 1;
      answer = await requestFeedPage(api, { cursor, buildings: wanted, fresh, day: options.date });
    } catch (error) {
      // A building of the guess no longer the worker's: start over from the server's list alone.
      if (!isSessionExpired(error) && isApiError(error) && (error.status === 403 || error.status === 404) && !startedOver && wanted.length > 0) {
        startedOver = true;
        [cursor, wanted, fresh] = [null, [], []];
        continue;
      }
      throw error;
    }
    const { page, sentAt } = answer;
    if ('reset' in page) {
      // Too old, refused, or the worker's buildings or rights changed: everything whole again, once.
      if (startedOver) throw new Error(`the pull started over twice (${page.reset})`);
      startedOver = true;
      await dropFeedCursor();
      [cursor, fresh] = [null, []];
      continue;
    }
    for (const building of await named([...(await applyFeedChanges(page.changes, tables, sentAt))].filter((id) => wanted.includes(id) && !done.has(id)))) {
      options.onBuilding(building);
      done.add(building.id);
    }
    if (page.plan) {
      await keepDailyPlan(page.plan);
      plan = page.plan;
    }
    [cursor, fresh] = [page.cursor, []];
    const next = await buildingsFor(plan, options);
    if (!sameSet(next, wanted)) {
      wanted = next;
      options.onBuildings(await named(wanted));
      continue;
    }
    if (page.more) continue;
    const now = new Date().toISOString();
    for (const building of await named(wanted)) {
      await markBuildingTaken(building.id, now);
      if (!done.has(building.id)) options.onBuilding(building);
    }
    // A take the worker limited says which buildings the phone holds today.
    if (options.scope !== 'all' && !options.keepOtherBuildings) await forgetTakenBuildingsExcept(wanted);
    await keepFeedCursor({ userKey: actor.userKey, cursor, buildings: wanted, day: options.date, at: now });
    return { plan, buildingIds: wanted, requests };
  }
  throw new Error('the pull did not end');
}
