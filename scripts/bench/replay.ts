// Row 6: 1 000 changes over 100 calls made offline, then replayed once online: the app's engine
// (repository + outbox + src/sync in the page) against workbox-background-sync's Queue (in a service
// worker) replaying the same requests for another 100 calls. Both counted on the server afterwards.
import { randomUUID } from 'node:crypto';
import type { QueueRequest } from '../../bench/harness/api';
import { goOffline, goOnline } from '../../tests/e2e/fixtures/browser';
import { createCalls } from './api';
import type { CreatedCall } from './api';
import type { BenchContext } from './context';
import { countAppliedMutations } from './dataset';
import { ms, ratio, times } from './stats';
import type { BenchRow } from './table';

const TARGET_RATIO = 10;
const TARGET = '≥ 10× faster than the Queue, exactly once';
const ENGINE_BUILDING = 101;
const QUEUE_BUILDING = 102;

/** The requests the engine sends for the same changes: PATCH { baseVersion, changes }, one key each. */
function queueRequests(baseUrl: string, token: string, calls: readonly CreatedCall[], count: number): QueueRequest[] {
  return Array.from({ length: count }, (_, i) => {
    const call = calls[i % calls.length] as CreatedCall;
    const nth = Math.floor(i / calls.length);
    return {
      url: `${baseUrl}/api/binyan/service-calls/${call.id}`,
      method: 'PATCH',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: token, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ changes: { subject: `שינוי ${i} במהלך הסיור` }, baseVersion: call.version + nth }),
    };
  });
}

async function exactlyOnce(databasePath: string, calls: readonly CreatedCall[], perRecord: number): Promise<{ applied: number; wrongVersions: number }> {
  const server = await countAppliedMutations(
    databasePath,
    calls.map((c) => c.id),
  );
  const wrongVersions = server.versions.filter((v, i) => v !== (calls[i] as CreatedCall).version + perRecord).length;
  return { applied: server.applied, wrongVersions };
}

type Round = { count: number; records: number };

/** One round: `count` changes to `records` calls each for the engine and for the Queue, replayed and counted. */
async function replayRound(ctx: BenchContext, { count, records }: Round) {
  const perRecord = count / records;
  const { server, token } = ctx;
  const engineCalls = await createCalls(server, token, ENGINE_BUILDING, records);
  const queueCalls = await createCalls(server, token, QUEUE_BUILDING, records);
  const harness = await ctx.harness();

  const setup = await harness.call('replaySetup', { token, buildingId: ENGINE_BUILDING, ids: engineCalls.map((c) => c.id) });
  if (setup.pulled !== records) throw new Error(`the pull brought ${setup.pulled} of ${records} calls`);
  await harness.call('queueReady');
  await goOffline(harness.context);
  try {
    const queued = await harness.call('replayEnqueue', { ids: engineCalls.map((c) => c.id), count });
    const filled = await harness.call('queueFill', queueRequests(server.baseUrl, token, queueCalls, count));
    if (queued.entries !== count || filled.queued !== count)
      throw new Error(`queued ${queued.entries} entries and ${filled.queued} requests, expected ${count}`);
  } finally {
    await goOnline(harness.context);
  }
  const engine = await harness.call('replayRun');
  const queue = await harness.call('queueReplay');

  const engineServer = await exactlyOnce(server.databasePath, engineCalls, perRecord);
  const queueServer = await exactlyOnce(server.databasePath, queueCalls, perRecord);
  const engineExact = engine.left === 0 && engineServer.applied === count && engineServer.wrongVersions === 0;
  const queueExact = queue.left === 0 && queueServer.applied === count && queueServer.wrongVersions === 0;
  // Not exactly once is not a slow result but a broken one: the row (and the run) fails.
  if (!engineExact) {
    throw new Error(
      `replay not exactly once: server applied ${engineServer.applied}/${count}, ${engineServer.wrongVersions} calls at a wrong version, ${engine.left} entries left (${engine.attention} need attention)`,
    );
  }
  return { engine, queue, engineServer, queueServer, engineExact, queueExact };
}

export async function measureReplay(ctx: BenchContext): Promise<BenchRow> {
  const measured: Round = ctx.quick ? { count: 100, records: 10 } : { count: 1_000, records: 100 };
  // Both sides once before the measured round, so neither is timed while its code (the page's, the
  // worker's, the server's routes) is still being compiled: a server and a phone in use are warm.
  const warmUp: Round = ctx.quick ? { count: 20, records: 2 } : { count: 200, records: 20 };
  await replayRound(ctx, warmUp);
  const { count, records } = measured;
  const { engine, queue, engineServer, queueServer, engineExact, queueExact } = await replayRound(ctx, measured);
  const r = ratio(queue.ms, engine.ms);
  const perChange = (n: number) => (n / count).toFixed(1);
  const statuses = Object.entries(queue.statuses)
    .map(([s, n]) => `${n}×${s}`)
    .join(' ');
  return {
    figure: 'replay',
    how: `${count} changes to ${records} calls queued offline, then online until applied, after a warm-up round of ${warmUp.count} changes each; server counts applied keys and versions`,
    result: `${ms(engine.ms)}, server applied ${engineServer.applied}/${count} (exactly once); ${engine.attempts} requests (${engine.batches} batches; ${engine.merged} single requests answered 409), mean request ${ms(engine.fetchMs / Math.max(1, engine.attempts))}; per change ${perChange(engine.db.transactions)} IndexedDB transactions, ${perChange(engine.db.rowsRead)} rows read`,
    reference: `workbox Queue ${ms(queue.ms)}, server applied ${queueServer.applied}/${count}${queueExact ? ' (exactly once)' : ''}; answers ${statuses}`,
    ratio: `${times(r)} (Queue time ÷ ours)`,
    target: TARGET,
    verdict: r >= TARGET_RATIO ? 'met' : 'missed',
    values: {
      count,
      records,
      warmUpCount: warmUp.count,
      engineMs: engine.ms,
      engineApplied: engineServer.applied,
      engineWrongVersions: engineServer.wrongVersions,
      engineRequests: engine.attempts,
      engineBatches: engine.batches,
      engine409: engine.merged,
      enginePasses: engine.passes,
      engineFetchMs: engine.fetchMs,
      engineTransactions: engine.db.transactions,
      engineReadwriteTransactions: engine.db.readwrite,
      engineReads: engine.db.reads,
      engineRowsRead: engine.db.rowsRead,
      engineWrites: engine.db.writes,
      engineAttention: engine.attention,
      queueMs: queue.ms,
      queueApplied: queueServer.applied,
      queueWrongVersions: queueServer.wrongVersions,
      queueStatuses: statuses,
      ratio: r,
      engineExactlyOnce: engineExact,
      queueExactlyOnce: queueExact,
    },
  };
}
