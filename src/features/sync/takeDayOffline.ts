// "Take the day offline": one call that downloads everything the worker's daily plan needs, through
// the pull helpers (rows with pending local changes are kept). Runs after login and on demand.
import type { ApiClient } from '../../api/client';
import { isSessionExpired } from '../../api/errors';
import { db } from '../../db/db';
import type { TableName } from '../../db/db';
import type { DailyPlan } from '../../lib/domain/entities';
import { toLocalDateString } from '../../lib/dates';
import { pullInto, recordsOf } from '../../sync/pull';
import { applyServerRecords } from '../../sync/rows';

export const takeDaySteps = [
  'visits',
  'buildings',
  'apartments',
  'contacts',
  'serviceCalls',
  'meters',
  'keys',
  'mailItems',
  'maintenanceTests',
  'debts',
  'checkGroups',
] as const;
export type TakeDayStep = (typeof takeDaySteps)[number];

export type TakeDayProgress = { done: number; total: number; step: TakeDayStep | null };
export type TakeDayResult = { buildingIds: number[]; failed: TakeDayStep[]; plan: DailyPlan | null };

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

type Row = Record<string, unknown>;

export async function takeDayOffline(
  api: ApiClient,
  options: { date?: string; onProgress?: (progress: TakeDayProgress) => void } = {},
): Promise<TakeDayResult> {
  const date = options.date ?? toLocalDateString(new Date());
  const total = takeDaySteps.length;
  const failed: TakeDayStep[] = [];
  let done = 0;
  let plan: DailyPlan | null = null;
  let buildingIds: number[] = [];
  const report = (step: TakeDayStep | null) => options.onProgress?.({ done, total, step });

  const perBuilding = (table: TableName, path: (bid: number) => string, field = 'buildingId') => () =>
    eachLimited(buildingIds, (bid) => pullInto(api, { table, path: path(bid), scope: (row) => row[field] === bid }));

  const steps: Record<TakeDayStep, () => Promise<unknown>> = {
    visits: async () => {
      const body = await api.request<{ plan?: DailyPlan }>('GET', 'daily-plan', { date });
      plan = body.plan ?? null;
      if (plan) await db.dailyPlans.put({ ...plan, key: `${plan.workerId}:${plan.planDate}` });
      await pullInto(api, { table: 'visits', path: 'visits', query: { date }, scope: (row) => row.visitDate === date });
    },
    buildings: async () => {
      const { records } = await pullInto(api, { table: 'buildings', path: 'buildings', scope: () => true });
      const planned = (plan as DailyPlan | null)?.entries.map((e) => e.buildingId) ?? [];
      buildingIds = planned.length > 0 ? planned : records.map((r) => Number(r.id)).filter(Number.isFinite);
    },
    apartments: perBuilding('apartments', (bid) => `buildings/${bid}/apartments`),
    contacts: perBuilding('contacts', (bid) => `buildings/${bid}/contacts`),
    serviceCalls: () =>
      eachLimited(buildingIds, (bid) =>
        pullInto(api, { table: 'serviceCalls', path: 'service-calls', query: { buildingId: bid, tab: 'open' }, scope: (row) => row.buildingId === bid && row.tab === 'open' }),
      ),
    meters: () =>
      eachLimited(buildingIds, async (bid) => {
        const { records } = await pullInto(api, { table: 'meters', path: `buildings/${bid}/meters`, scope: (row) => row.buildingId === bid });
        await eachLimited(records, (meter) =>
          pullInto(api, { table: 'meterReadings', path: `meters/${String(meter.id)}/readings`, scope: (row) => row.meterId === meter.id }),
        );
      }),
    keys: () => eachLimited(buildingIds, (bid) => pullInto(api, { table: 'keys', path: 'keys', query: { buildingId: bid }, scope: (row) => row.buildingId === bid })),
    mailItems: () =>
      eachLimited(buildingIds, (bid) => pullInto(api, { table: 'mailItems', path: 'mail-items', query: { buildingId: bid }, scope: (row) => row.buildingId === bid })),
    maintenanceTests: () =>
      eachLimited(buildingIds, async (bid) => {
        await pullInto(api, { table: 'facilities', path: `buildings/${bid}/facilities`, scope: (row) => row.buildingId === bid });
        await pullInto(api, { table: 'maintenanceTests', path: `buildings/${bid}/maintenance-tests`, scope: (row) => row.buildingId === bid });
      }),
    debts: () => eachLimited(buildingIds, (bid) => pullInto(api, { table: 'debts', path: 'debts', query: { buildingId: bid }, scope: (row) => row.buildingId === bid })),
    checkGroups: async () => {
      const groups = recordsOf(await api.request<unknown>('GET', 'check/toFill'));
      const checks = groups.flatMap((g) => (Array.isArray(g.checks) ? (g.checks as Row[]) : []));
      await applyServerRecords('checkGroups', groups.map(({ checks: _c, ...group }) => group));
      await applyServerRecords('checks', checks);
    },
  };

  for (const step of takeDaySteps) {
    report(step);
    try {
      await steps[step]();
    } catch (error) {
      // An expired session is for the re-login machine; other failures leave that step for later.
      if (isSessionExpired(error)) throw error;
      failed.push(step);
    }
    done += 1;
  }
  report(null);
  return { buildingIds, failed, plan };
}
