// Row 6, our side: 1 000 changes made offline through the service-calls repository (row + outbox
// entry each), then, back online, the real replay engine (src/sync, as the page runs it) until the
// outbox is empty. A counting fetch sees every attempt and its status.
import { createApiClient } from '../../src/api/client';
import { db } from '../../src/db/db';
import { pullServiceCalls, updateServiceCall } from '../../src/features/service-calls/serviceCallsRepo';
import { createSyncRuntime } from '../../src/sync/replay/runtime';
import { createSessionPort } from '../../src/sync/replay/sessionPort';
import type { ReplayEnqueueOptions, ReplayRunResult, ReplaySetupOptions } from './api';
import { BENCH_COMPANY, BENCH_USER_NAME, elapsed, freshDatabase } from './common';
import { countDbWork } from './dbCounters';

const MAX_MS = 300_000;
let token = '';

const session = createSessionPort({
  loadSession: async () => ({ compID: BENCH_COMPANY, userName: BENCH_USER_NAME, sessionToken: token, loggedIn: true }),
  renew: async () => false,
});

export async function replaySetup(options: ReplaySetupOptions): Promise<{ pulled: number }> {
  token = options.token;
  await freshDatabase();
  await pullServiceCalls(createApiClient({ getToken: () => token }), { buildingId: options.buildingId, tab: 'open' });
  const rows = await db.serviceCalls.bulkGet(options.ids);
  return { pulled: rows.filter((row) => row !== undefined).length };
}

export async function replayEnqueue(options: ReplayEnqueueOptions): Promise<{ entries: number }> {
  for (let i = 0; i < options.count; i++) {
    const id = options.ids[i % options.ids.length] as string;
    try {
      await updateServiceCall(id, { subject: `שינוי ${i} במהלך הסיור` });
    } catch (error) {
      throw new Error(`change ${i} of ${id} failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    }
  }
  return { entries: await db.outbox.count() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function replayRun(): Promise<ReplayRunResult> {
  let attempts = 0;
  let batches = 0;
  let merged = 0;
  let fetchMs = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    const started = performance.now();
    const response = await fetch(input, init);
    const batch = String(input).endsWith('/sync/batch');
    if (init?.method === 'PATCH' || batch) {
      attempts += 1;
      if (batch) batches += 1;
      fetchMs += elapsed(started);
      if (response.status === 409) merged += 1;
    }
    return response;
  };
  const { value, counts } = await countDbWork(async () => {
    const runtime = createSyncRuntime({ source: 'page', session, fetch: countingFetch });
    const started = performance.now();
    let applied = 0;
    let passes = 0;
    let left = await db.outbox.count();
    try {
      while (left > 0 && elapsed(started) < MAX_MS) {
        const report = await runtime.replay();
        passes += 1;
        applied += report.applied;
        left = await db.outbox.count();
        if (left === 0 || report.attention > 0) break;
        await sleep(report.nextWakeAt ? Math.max(0, report.nextWakeAt - Date.now()) : 10);
      }
    } finally {
      runtime.close();
    }
    return { ms: elapsed(started), applied, passes, left };
  });
  const attention = await db.outbox.filter((e) => e.state === 'attention').count();
  return { ...value, attempts, batches, merged, attention, fetchMs, db: counts };
}
