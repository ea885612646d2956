// `npm run bench`: builds the app, starts the real server with the generated data set, drives real
// Chromium and prints one markdown table, one row per figure, every timing next to its reference
// measured in the same run. Writes bench/results.json. Nothing here asserts a timing: the run fails
// only when a row cannot be measured at all.
//   --quick      small counts, app built only when stale (the smoke run of `npm test`)
//   --only=a,b   only the rows whose figure contains a or b     --build     build the app even if fresh
//   --keep-app   reuse the app copied by the last run            --profile   CPU profiles (scripts/bench/profile.ts)
// Quick and partial runs write .tmp/bench-partial.json instead.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { startAppServer } from '../tests/e2e/fixtures/appServer';
import type { AppServer } from '../tests/e2e/fixtures/appServer';
import { CHROMIUM_PATH } from '../tests/e2e/fixtures/browser';
import { signIn } from './bench/api';
import { measureColdStart } from './bench/coldStart';
import type { BenchContext } from './bench/context';
import { seedOpenCalls } from './bench/dataset';
import { openHarness } from './bench/harness';
import type { Harness } from './bench/harness';
import { measureInitialJs } from './bench/initialJs';
import { LIST_TARGET, measureListQuery } from './bench/listQuery';
import { measureLocalWrite } from './bench/localWrite';
import { MOBILE_FIGURE, measureMobileFirstVisit } from './bench/mobileFirstVisit';
import { MOBILE_TARGET } from './bench/mobileProfile';
import { measurePhoto } from './bench/photo';
import { measurePrecache } from './bench/precache';
import { measureReplay } from './bench/replay';
import { measureTakeDay } from './bench/takeDay';
import { measurePostgresLoad, measureServerLoad, POSTGRES_FIGURE, POSTGRES_TARGET, SERVER_FIGURE, SERVER_TARGET } from './bench/serverLoad';
import { prepareSite } from './bench/site';
import { failedRow, machineLine, markdownTable, writeReport } from './bench/table';
import type { BenchRow, Machine } from './bench/table';
import { root } from './paths';

const OPEN_CALLS = 500;

type RowSpec = { figure: string; target: string; run: (ctx: BenchContext) => Promise<BenchRow> };

const rowSpecs: RowSpec[] = [
  { figure: 'initial JS, gzip', target: 'on the wire: /login ≤ 115 KB · / ≤ 200 KB', run: measureInitialJs },
  { figure: MOBILE_FIGURE, target: MOBILE_TARGET, run: measureMobileFirstVisit },
  { figure: 'precache size', target: '≤ 1.5 MB', run: measurePrecache },
  { figure: 'offline cold start', target: 'list painted ≤ 3× the static page; interactive ≤ 6×', run: measureColdStart },
  { figure: 'local write', target: '≤ 2×', run: measureLocalWrite },
  { figure: 'list query', target: LIST_TARGET, run: measureListQuery },
  { figure: 'replay', target: '≥ 10× faster than the Queue, exactly once', run: measureReplay },
  { figure: 'photo', target: '≤ 1.5× the floor, ≤ 400 KB, 0 long tasks', run: measurePhoto },
  { figure: 'take the day offline', target: 'first take ≤ 15 requests; a second take with nothing changed ≤ 3 requests and ≤ 5 KB', run: measureTakeDay },
];

function machine(): Machine {
  let chromium = 'Chromium ?';
  try {
    chromium = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .replace(/ built on .*/, '');
  } catch {
    // reported as unknown
  }
  let os: string = process.platform;
  try {
    os = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? os;
  } catch {
    // not Linux
  }
  return { nproc: cpus().length, cpu: cpus()[0]?.model.trim() ?? '?', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.versions.node, chromium, os };
}

async function measure(spec: { figure: string; target: string }, run: () => Promise<BenchRow>): Promise<BenchRow> {
  const started = Date.now();
  process.stdout.write(`bench: ${spec.figure} … `);
  try {
    const row = await run();
    console.log(`${row.result} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return row;
  } catch (error) {
    console.log('NOT MEASURED');
    console.error(error);
    return failedRow(spec.figure, spec.target, error);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const profile = args.includes('--profile');
  const only =
    args
      .find((a) => a.startsWith('--only='))
      ?.slice('--only='.length)
      .split(',') ?? null;
  const wanted = (figure: string) => only === null || only.some((name) => figure.includes(name));
  const startedAt = new Date();
  const siteDir = await prepareSite({ buildApp: !quick || args.includes('--build'), keepApp: args.includes('--keep-app'), readable: profile });
  const rows: BenchRow[] = [];

  let server: AppServer | null = null;
  let harness: Harness | null = null;
  try {
    server = await startAppServer({ staticDir: siteDir });
    const running = server;
    const dataSet = await seedOpenCalls(server.databasePath, OPEN_CALLS);
    const token = await signIn(server);
    const ctx: BenchContext = {
      quick,
      profile,
      siteDir,
      server: running,
      token,
      dataSet,
      harness: async () => (harness ??= await openHarness(running.baseUrl, { profile })),
    };
    for (const spec of rowSpecs.filter((s) => wanted(s.figure))) rows.push(await measure(spec, () => spec.run(ctx)));
  } finally {
    await (harness as Harness | null)?.close();
    await server?.stop();
  }
  // Last and alone: the load tests must not share the machine with Chromium or the other server. The
  // PostgreSQL row (two processes on one database) is compared with the SQLite row of the same run.
  let sqliteRow: BenchRow | undefined;
  if (wanted(SERVER_FIGURE)) {
    sqliteRow = await measure({ figure: SERVER_FIGURE, target: SERVER_TARGET }, () => measureServerLoad({ quick, profile, siteDir }));
    rows.push(sqliteRow);
  }
  if (wanted(POSTGRES_FIGURE))
    rows.push(await measure({ figure: POSTGRES_FIGURE, target: POSTGRES_TARGET }, () => measurePostgresLoad({ quick, profile, siteDir }, sqliteRow)));

  const m = machine();
  const table = markdownTable(rows);
  console.log(`\n${table}\n\n${quick ? 'Quick run (small counts, smoke only)' : 'Full run'} on ${machineLine(m)}`);
  const file = quick || only ? path.join(root, '.tmp/bench-partial.json') : path.join(root, 'bench/results.json');
  writeReport(file, { mode: quick ? 'quick' : 'full', startedAt: startedAt.toISOString(), durationMs: Date.now() - startedAt.getTime(), machine: m, rows });
  console.log(`wrote ${path.relative(root, file)}`);
  const failed = rows.filter((row) => row.error);
  if (failed.length > 0) console.error(`bench: ${failed.length} row(s) could not be measured: ${failed.map((r) => r.figure).join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

process.exit(await main());
