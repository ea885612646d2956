// The "take the day offline" row, our side: the app's own take (src/app/takeDayOffline.ts, the
// incremental pull with its fallback) run in the page as the signed-in worker, on an empty device first
// and again with the first take's data and cursor; scripts/bench/takeDay.ts counts the wire.
import { createApiClient } from '../../src/api/client';
import { takeDayOffline } from '../../src/app/takeDayOffline';
import { db } from '../../src/db/db';
import { setActorSource } from '../../src/sync/write/actor';
import { userKeyOf } from '../../src/sync/write/userKey';
import type { TakeDayRunOptions, TakeDayRunResult } from './api';
import { BENCH_COMPANY, elapsed } from './common';

export async function takeDayRun(options: TakeDayRunOptions): Promise<TakeDayRunResult> {
  await db.open();
  if (options.emptyDevice) await Promise.all(db.tables.map((table) => table.clear()));
  const userKey = await userKeyOf(BENCH_COMPANY, options.userName);
  setActorSource(async () => ({ userKey, userName: options.userName, workerGuid: options.workerGuid, userId: null, displayName: options.userName }));
  const api = createApiClient({ getToken: () => options.token, timeoutMs: 120_000 });
  const started = performance.now();
  const result = await takeDayOffline(api, { date: options.date, scope: 'all' });
  const ms = elapsed(started);
  const records = (await Promise.all(db.tables.filter((t) => !['outbox', 'syncLog', 'meta', 'photos'].includes(t.name)).map((t) => t.count()))).reduce(
    (a, b) => a + b,
    0,
  );
  return {
    ms,
    buildings: result.buildingIds.length,
    failed: [...result.failed, ...result.failedBuildings.map((b) => `building ${b.id}`)],
    incremental: result.requests !== undefined,
    records,
    photos: result.photos?.stored ?? 0,
  };
}
