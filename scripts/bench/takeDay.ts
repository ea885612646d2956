// The "take the day offline" row: the app's take (harness takeDayRun: the incremental pull, the plan,
// the photos of the day) for the demo worker and for a generated worker with 40 buildings, first on an
// empty device, then again with nothing changed on the server. Every request the page makes to /api is
// counted with its bytes on the wire (headers and bodies as Chromium sent and received them).
import { randomUUID } from 'node:crypto';
import type { Request } from 'playwright-core';
import { openDatabase } from '../../server/src/db/open.ts';
import { seedLarge } from '../../server/src/seed/seedLarge.ts';
import { signIn } from './api';
import type { BenchContext } from './context';
import { BENCH_COMPANY } from './dataset';
import { ms } from './stats';
import type { BenchRow } from './table';

const FIGURE = 'take the day offline';
const TARGET = 'first take ≤ 15 requests; a second take with nothing changed ≤ 3 requests and ≤ 5 KB';
/** A date whose demo plan is fixed (the plan rotates by date). */
const DAY = '2026-11-28';
const FIRST_MAX_REQUESTS = 15;
const SECOND_MAX_REQUESTS = 3;
const SECOND_MAX_BYTES = 5 * 1024;

type Worker = { userName: string; workerGuid: string; buildings: number };

/**
 * A worker of company 1001 assigned to `count` new buildings of 25 apartments, each as the demo's are
 * (server/src/seed/seedLarge.ts: people, calls with their updates, meters with a year of readings, keys,
 * mail, maintenance, debts). The readings show the demo's six meter faces in turn.
 */
async function generatedWorker(database: string, count: number): Promise<Worker> {
  const db = openDatabase(database);
  try {
    const { buildingIds } = await seedLarge(db, { buildings: count, serviceCalls: 0, apartments: 25, rich: true });
    const avi = await db.first(db.q.selectFrom('users').selectAll().where('companyId', '=', BENCH_COMPANY).where('userName', '=', 'avi'));
    if (!avi) throw new Error('the demo worker avi is missing');
    const userName = `worker${count}`;
    const workerGuid = randomUUID();
    await db.tx(async (tx) => {
      const { id: _id, ...row } = avi;
      await tx.run(
        tx.q.insertInto('users').values({
          ...row,
          userName,
          workerGuid,
          workerNumber: 9_000 + count,
          fullName: `עובד ${count} בניינים`,
          phone: `05099${String(count).padStart(5, '0')}`,
          email: null,
          contactId: null,
        }),
      );
      const user = await tx.first(tx.q.selectFrom('users').select('id').where('workerGuid', '=', workerGuid));
      if (!user) throw new Error('the generated worker was not stored');
      for (const [ord, buildingId] of buildingIds.entries()) await tx.run(tx.q.insertInto('worker_buildings').values({ userId: user.id, buildingId, ord }));
    });
    return { userName, workerGuid, buildings: count };
  } finally {
    await db.close();
  }
}

async function workerGuidOf(database: string, userName: string): Promise<string> {
  const db = openDatabase(database);
  try {
    return (
      (await db.first(db.q.selectFrom('users').select('workerGuid').where('companyId', '=', BENCH_COMPANY).where('userName', '=', userName)))?.workerGuid ?? ''
    );
  } finally {
    await db.close();
  }
}

type Wire = { requests: number; data: number; photos: number; bytes: number };
type Take = Wire & { ms: number; records: number; storedPhotos: number; incremental: boolean };

/** One take in the page, with what went over the wire meanwhile. */
async function take(ctx: BenchContext, worker: Worker, token: string, emptyDevice: boolean): Promise<Take> {
  const harness = await ctx.harness();
  const sizes: Promise<{ bytes: number; photo: boolean }>[] = [];
  const onFinished = (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    sizes.push(
      request.sizes().then((s) => ({
        bytes: s.requestHeadersSize + s.requestBodySize + s.responseHeadersSize + s.responseBodySize,
        photo: url.pathname.startsWith('/api/files/'),
      })),
    );
  };
  harness.page.on('requestfinished', onFinished);
  try {
    const result = await harness.call('takeDayRun', { token, userName: worker.userName, workerGuid: worker.workerGuid, date: DAY, emptyDevice });
    if (result.failed.length > 0) throw new Error(`${worker.userName}: the take failed at ${result.failed.join(', ')}`);
    const wire = await Promise.all(sizes);
    const photos = wire.filter((w) => w.photo).length;
    return {
      ms: result.ms,
      records: result.records,
      storedPhotos: result.photos,
      incremental: result.incremental,
      requests: wire.length,
      photos,
      data: wire.length - photos,
      bytes: wire.reduce((n, w) => n + w.bytes, 0),
    };
  } finally {
    harness.page.off('requestfinished', onFinished);
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KB`;
const describe = (t: Take) => `${t.requests} requests (${t.data} data${t.photos > 0 ? ` + ${t.photos} of photos` : ''}), ${kb(t.bytes)}, ${ms(t.ms)}`;

export async function measureTakeDay(ctx: BenchContext): Promise<BenchRow> {
  const many = await generatedWorker(ctx.server.databasePath, 40);
  const workers: { worker: Worker; token: string }[] = [
    { worker: { userName: 'avi', workerGuid: await workerGuidOf(ctx.server.databasePath, 'avi'), buildings: 4 }, token: ctx.token },
    { worker: many, token: await signIn(ctx.server, many.userName) },
  ];
  const values: BenchRow['values'] = {};
  const parts: string[] = [];
  let met = true;
  for (const { worker, token } of workers) {
    const first = await take(ctx, worker, token, true);
    const second = await take(ctx, worker, token, false);
    if (!first.incremental || !second.incremental) throw new Error(`${worker.userName}: the take did not go through the incremental pull`);
    met &&= first.requests <= FIRST_MAX_REQUESTS && second.requests <= SECOND_MAX_REQUESTS && second.bytes <= SECOND_MAX_BYTES;
    parts.push(
      `${worker.userName} (${worker.buildings} buildings, ${first.records} records, ${first.storedPhotos} photo copies): first ${describe(first)}; second ${describe(second)}`,
    );
    for (const [name, t] of [
      ['first', first],
      ['second', second],
    ] as const) {
      for (const [key, value] of Object.entries(t)) values[`${worker.userName}.${name}.${key}`] = value;
    }
  }
  return {
    figure: FIGURE,
    how: `the app's take in Chromium (scope all, plan of ${DAY}) on an empty device, then again with nothing changed on the server; every /api request counted with its headers and bodies`,
    result: parts.join(' · '),
    reference: '—',
    ratio: '—',
    target: TARGET,
    verdict: met ? 'met' : 'missed',
    values,
  };
}
