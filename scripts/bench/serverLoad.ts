// Row 8: idempotent mutations against the real server (child process, fresh database) on loopback:
// autocannon POSTs new service calls, each with its own id and Idempotency-Key; the server's stored
// keys are counted afterwards (every 2xx must be exactly one applied mutation).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { AutocannonRequest } from 'autocannon';
import { openDatabase } from '../../server/src/db/open.ts';
import { startAppServer } from '../../tests/e2e/fixtures/appServer';
import { signIn } from './api';
import type { BenchContext } from './context';
import { BENCH_COMPANY } from './dataset';
import { profileDir, reportNewestIn } from './profile';
import { ms } from './stats';
import type { BenchRow } from './table';

const TARGET_RPS = 2_000;
const TARGET_P99_MS = 50;
const CONNECTIONS = 10;

function createCall(token: string): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/binyan/service-calls',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({ id: randomUUID(), buildingId: 101, domain: 'plumbing', subject: 'נזילה בחדר המדרגות', description: 'נזילת מים בחדר המדרגות, קומה 2' }),
    }),
  };
}

/**
 * CPU time (user + system, ms) of the server process serving `databasePath`, from /proc: on a shared
 * machine the throughput moves with the load, the CPU cost of one mutation much less. null off Linux.
 */
function serverCpuMs(databasePath: string): number | null {
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let environ: string;
      try {
        environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
      } catch {
        continue;
      }
      // tsx runs the server in a child process (the one with the loader); its launcher has the same env.
      if (!environ.includes(`DATABASE_PATH=${databasePath}\0`) || !readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('loader')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.split(' ') ?? [];
      const ticks = Number(fields[11]) + Number(fields[12]);
      return Number.isFinite(ticks) ? ticks * 10 : null;
    }
  } catch {
    // not Linux
  }
  return null;
}

async function storedKeys(database: string): Promise<number> {
  const db = openDatabase(database);
  try {
    const row = await db.first(
      db.q.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).where('companyId', '=', BENCH_COMPANY).where('method', '=', 'POST').where('path', '=', '/api/binyan/service-calls'),
    );
    return Number(row?.n ?? 0);
  } finally {
    await db.close();
  }
}

export async function measureServerLoad(ctx: Pick<BenchContext, 'quick' | 'profile' | 'siteDir'>): Promise<BenchRow> {
  // A fixed number of requests (not a duration), so every one is answered before the keys are counted.
  const amount = ctx.quick ? 1_000 : 20_000;
  const cpuProfDir = path.join(profileDir, `server-${Date.now()}`);
  const server = await startAppServer({ staticDir: ctx.siteDir, ...(ctx.profile ? { entry: 'scripts/bench/profiledServer.ts', env: { CPU_PROFILE_DIR: cpuProfDir } } : {}) });
  try {
    const token = await signIn(server);
    await autocannon({ url: server.baseUrl, connections: CONNECTIONS, amount: ctx.quick ? 200 : 1_000, requests: [createCall(token)] }); // warm-up
    if (ctx.profile) await fetch(`${server.baseUrl}/api/__bench/profile`, { method: 'POST' });
    const before = await storedKeys(server.databasePath);
    const cpuBefore = serverCpuMs(server.databasePath);
    const result = await autocannon({ url: server.baseUrl, connections: CONNECTIONS, amount, requests: [createCall(token)] });
    const cpuAfter = serverCpuMs(server.databasePath);
    const cpuPerMutation = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / amount;
    const applied = (await storedKeys(server.databasePath)) - before;
    const ok = result['2xx'];
    if (ok === 0) throw new Error(`no mutation succeeded (${result.non2xx} non-2xx, ${result.errors} errors)`);
    const perSecond = ok / result.duration;
    const p99 = result.latency.p99;
    if (applied !== ok) throw new Error(`not exactly once: ${ok} requests answered 2xx but the server stored ${applied} keys`);
    const complete = ok === amount && result.non2xx === 0 && result.errors === 0;
    return {
      figure: 'server',
      how: `autocannon, ${amount} requests over ${CONNECTIONS} connections on loopback: POST /api/binyan/service-calls, unique id and Idempotency-Key each, fresh database`,
      result: `${Math.round(perSecond)} mutations/s, p99 ${ms(p99)} (p50 ${ms(result.latency.p50)}); ${ok}/${amount} answered 2xx, ${applied} stored keys${cpuPerMutation === null ? '' : `; server CPU ${cpuPerMutation.toFixed(2)} ms per mutation`}`,
      reference: '—',
      ratio: '—',
      target: '≥ 2 000/s, p99 ≤ 50 ms',
      verdict: perSecond >= TARGET_RPS && p99 <= TARGET_P99_MS && complete ? 'met' : 'missed',
      values: { connections: CONNECTIONS, amount, durationS: result.duration, ok, applied, non2xx: result.non2xx, errors: result.errors, perSecond, serverCpuMsPerMutation: cpuPerMutation, p50Ms: result.latency.p50, p99Ms: p99, maxMs: result.latency.max },
    };
  } finally {
    await server.stop();
    if (ctx.profile) reportNewestIn(cpuProfDir, 'server');
  }
}
