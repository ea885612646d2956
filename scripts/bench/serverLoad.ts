// Rows 8 and 9: idempotent mutations against the real server (child processes, fresh database) on
// loopback: autocannon POSTs new service calls, each with its own id and Idempotency-Key; the stored
// keys are counted afterwards (every 2xx must be exactly one applied mutation).
// - server: one process on SQLite (the embedded default).
// - server on PostgreSQL, 2 processes: two processes on one PostgreSQL database (a throw-away cluster
//   with durable commits, like SQLite's synced log), loaded at once, half the requests each.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { AutocannonRequest, AutocannonResult } from 'autocannon';
import { openDatabase } from '../../server/src/db/open.ts';
import { PG_USER, startPgCluster } from '../../server/test/postgres.ts';
import { startAppServer } from '../../tests/e2e/fixtures/appServer';
import type { AppServer } from '../../tests/e2e/fixtures/appServer';
import { signIn } from './api';
import type { BenchContext } from './context';
import { BENCH_COMPANY } from './dataset';
import { profileDir, reportNewestIn } from './profile';
import { ms } from './stats';
import type { BenchRow } from './table';

const TARGET_RPS = 2_500;
const TARGET_P99_MS = 25;
const CONNECTIONS = 10;
/** The PostgreSQL row's target: at least this many times the single SQLite process's rate. */
const SCALE_OUT_FACTOR = 2;

export const SERVER_FIGURE = 'server';
export const SERVER_TARGET = '≥ 2 500/s, p99 ≤ 25 ms on SQLite';
export const POSTGRES_FIGURE = 'server on PostgreSQL, 2 processes';
export const POSTGRES_TARGET = `≥ ${SCALE_OUT_FACTOR}× the SQLite row's mutations/s`;

type LoadContext = Pick<BenchContext, 'quick' | 'profile' | 'siteDir'>;

function createCall(token: string): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/binyan/service-calls',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({
        id: randomUUID(),
        buildingId: 101,
        domain: 'plumbing',
        subject: 'נזילה בחדר המדרגות',
        description: 'נזילת מים בחדר המדרגות, קומה 2',
      }),
    }),
  };
}

/** CPU time (user + system, ms) of the processes whose /proc entry `matches`; null off Linux. */
function cpuMsOf(matches: (cmdline: string, environ: () => string) => boolean): number | null {
  let total = 0;
  let found = false;
  try {
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
        if (!matches(cmdline, () => readFileSync(`/proc/${pid}/environ`, 'latin1'))) continue;
      } catch {
        continue;
      }
      const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1]?.split(' ') ?? [];
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number.isFinite(ticks)) {
        total += ticks * 10;
        found = true;
      }
    }
  } catch {
    return null;
  }
  return found ? total : null;
}

/**
 * CPU time of the Node server processes on these ports: on a shared machine the throughput moves with
 * the load, the CPU cost of one mutation much less. tsx runs the server in a child process (the one
 * with the loader); its launcher has the same environment.
 */
const serverCpuMs = (servers: readonly AppServer[]) =>
  cpuMsOf((cmdline, environ) => {
    if (!cmdline.includes('loader')) return false;
    const env = `\0${environ()}`;
    return servers.some((s) => env.includes(`\0PORT=${s.port}\0`));
  });

/** CPU time of the PostgreSQL backends serving `database` (their titles name the user and database). */
const postgresCpuMs = (database: string) => cpuMsOf((cmdline) => cmdline.startsWith(`postgres: ${PG_USER} ${database} `));

async function storedKeys(database: string): Promise<number> {
  const db = openDatabase(database);
  try {
    const row = await db.first(
      db.q
        .selectFrom('idempotency_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('companyId', '=', BENCH_COMPANY)
        .where('method', '=', 'POST')
        .where('path', '=', '/api/binyan/service-calls'),
    );
    return Number(row?.n ?? 0);
  } finally {
    await db.close();
  }
}

type Load = { ok: number; non2xx: number; errors: number; durationS: number; p50: number; p99: number; max: number };

/** Loads every server at once, `amount` requests split evenly, CONNECTIONS connections each. */
async function load(servers: readonly AppServer[], tokens: readonly string[], amount: number): Promise<Load> {
  const results: AutocannonResult[] = await Promise.all(
    servers.map((server, i) =>
      autocannon({ url: server.baseUrl, connections: CONNECTIONS, amount: Math.round(amount / servers.length), requests: [createCall(tokens[i] ?? '')] }),
    ),
  );
  return {
    ok: results.reduce((s, r) => s + r['2xx'], 0),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    errors: results.reduce((s, r) => s + r.errors, 0),
    durationS: Math.max(...results.map((r) => r.duration)),
    // Each run reports its own percentiles: the higher one bounds the combined value from above.
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
  };
}

type Measured = { load: Load; amount: number; applied: number; perSecond: number; serverCpu: number | null; dbCpu: number | null };

async function measure(servers: readonly AppServer[], database: string, ctx: LoadContext, dbCpu: () => number | null): Promise<Measured> {
  // A fixed number of requests (not a duration), so every one is answered before the keys are counted.
  const amount = ctx.quick ? 1_000 : 20_000;
  const tokens: string[] = [];
  for (const server of servers) tokens.push(await signIn(server));
  await load(servers, tokens, ctx.quick ? 200 : 1_000); // warm-up
  if (ctx.profile) for (const server of servers) await fetch(`${server.baseUrl}/api/__bench/profile`, { method: 'POST' });
  const before = await storedKeys(database);
  const cpuBefore = serverCpuMs(servers);
  const dbBefore = dbCpu();
  const result = await load(servers, tokens, amount);
  const cpuAfter = serverCpuMs(servers);
  const dbAfter = dbCpu();
  const applied = (await storedKeys(database)) - before;
  if (result.ok === 0) throw new Error(`no mutation succeeded (${result.non2xx} non-2xx, ${result.errors} errors)`);
  if (applied !== result.ok) throw new Error(`not exactly once: ${result.ok} requests answered 2xx but the server stored ${applied} keys`);
  const perMutation = (a: number | null, b: number | null) => (a === null || b === null ? null : (b - a) / amount);
  return {
    load: result,
    amount,
    applied,
    perSecond: result.ok / result.durationS,
    serverCpu: perMutation(cpuBefore, cpuAfter),
    dbCpu: perMutation(dbBefore, dbAfter),
  };
}

function resultText(m: Measured, processes: number): string {
  const cpu = m.serverCpu === null ? '' : `; server CPU ${m.serverCpu.toFixed(2)} ms per mutation${processes > 1 ? ' (both processes)' : ''}`;
  const db = m.dbCpu === null ? '' : `, PostgreSQL ${m.dbCpu.toFixed(2)} ms`;
  return `${Math.round(m.perSecond)} mutations/s, p99 ${ms(m.load.p99)} (p50 ${ms(m.load.p50)}); ${m.load.ok}/${m.amount} answered 2xx, ${m.applied} stored keys${cpu}${db}`;
}

function valuesOf(m: Measured): BenchRow['values'] {
  return {
    connections: CONNECTIONS,
    amount: m.amount,
    durationS: m.load.durationS,
    ok: m.load.ok,
    applied: m.applied,
    non2xx: m.load.non2xx,
    errors: m.load.errors,
    perSecond: m.perSecond,
    serverCpuMsPerMutation: m.serverCpu,
    postgresCpuMsPerMutation: m.dbCpu,
    p50Ms: m.load.p50,
    p99Ms: m.load.p99,
    maxMs: m.load.max,
  };
}

const complete = (m: Measured) => m.load.ok === m.amount && m.load.non2xx === 0 && m.load.errors === 0;

export async function measureServerLoad(ctx: LoadContext): Promise<BenchRow> {
  const cpuProfDir = path.join(profileDir, `server-${Date.now()}`);
  const server = await startAppServer({
    staticDir: ctx.siteDir,
    engine: 'sqlite',
    ...(ctx.profile ? { entry: 'scripts/bench/profiledServer.ts', env: { CPU_PROFILE_DIR: cpuProfDir } } : {}),
  });
  try {
    const m = await measure([server], server.database, ctx, () => null);
    return {
      figure: SERVER_FIGURE,
      how: `autocannon, ${m.amount} requests over ${CONNECTIONS} connections on loopback: POST /api/binyan/service-calls, unique id and Idempotency-Key each, fresh SQLite database`,
      result: resultText(m, 1),
      reference: '—',
      ratio: '—',
      target: SERVER_TARGET,
      verdict: m.perSecond >= TARGET_RPS && m.load.p99 <= TARGET_P99_MS && complete(m) ? 'met' : 'missed',
      values: valuesOf(m),
    };
  } finally {
    await server.stop();
    if (ctx.profile) reportNewestIn(cpuProfDir, 'server');
  }
}

/** The scale-out row; `sqlite` is the SQLite row of the same run (its rate is the reference). */
export async function measurePostgresLoad(ctx: LoadContext, sqlite: BenchRow | undefined): Promise<BenchRow> {
  const cluster = await startPgCluster({ durable: true });
  const filesDir = mkdtempSync(path.join(tmpdir(), 'binyan-bench-files-'));
  const servers: AppServer[] = [];
  try {
    const name = 'bench';
    const database = await cluster.createDatabase(name);
    const first = await startAppServer({ staticDir: ctx.siteDir, sharing: { database, filesDir } });
    servers.push(first);
    servers.push(await startAppServer({ staticDir: ctx.siteDir, sharing: first }));
    const m = await measure(servers, database, ctx, () => postgresCpuMs(name));
    const reference = typeof sqlite?.values.perSecond === 'number' && !sqlite.error ? sqlite.values.perSecond : null;
    const ratio = reference === null ? null : m.perSecond / reference;
    return {
      figure: POSTGRES_FIGURE,
      how: `autocannon against both processes at once, ${m.amount} requests (half each) over ${CONNECTIONS} connections per process: the same POSTs; one PostgreSQL ${cluster.version} database, durable commits; p99/p50 the higher of the two processes'`,
      result: resultText(m, servers.length),
      reference: reference === null ? '—' : `SQLite row: ${Math.round(reference)} mutations/s`,
      ratio: ratio === null ? '—' : `${ratio.toFixed(2)}×`,
      target: POSTGRES_TARGET,
      verdict: ratio !== null && ratio >= SCALE_OUT_FACTOR && complete(m) ? 'met' : 'missed',
      values: { ...valuesOf(m), processes: servers.length, sqlitePerSecond: reference, ratio },
    };
  } finally {
    for (const server of servers) await server.stop();
    await cluster.stop();
    rmSync(filesDir, { recursive: true, force: true });
  }
}
