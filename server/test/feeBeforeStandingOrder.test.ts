// The fee job and the standing-order job are ordered (issue 29): a standing-order run for a period never
// runs before that period's committee fees are posted — it posts them itself first (the fee job's own
// run, once per apartment and period), so a run started before the fee job, or at the same moment in
// another process, still charges the period's fee, and the fee is posted once.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testCards } from '../../src/lib/cards.ts';
import { openDatabase } from '../src/db/open.ts';
import type { Database } from '../src/db/database.ts';
import { feeChargeId } from '../src/jobs/feeBilling.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { enteredCard } from './cardEntry.ts';
import { roomyCardLimits } from './paymentState.ts';
import { approveTerms } from './terms.ts';

let server: TestServer;
let db: Database;
const tokens = new Map<string, string>();
let apartmentId = '';
let orderId = '';

const as = (user: string, method: string, url: string, body?: unknown) =>
  call<{ record?: { id: string }; apartments?: { apartmentId: string }[] }>(server, method, url, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    idempotencyKey: newId(),
  });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const inProcess = (script: string, day: string) =>
  run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), `server/test/${script}`, server.database, day], { cwd: root });

/** The order's run of `period`: its status and the charges it paid. */
const runOf = async (period: string) => {
  const row = await db.first(db.q.selectFrom('payments').select(['status', 'chargeIds']).where('standingOrderId', '=', orderId).where('period', '=', period));
  return { status: row?.status, chargeIds: z.array(z.string()).parse(typeof row?.chargeIds === 'string' ? JSON.parse(row.chargeIds) : row?.chargeIds) };
};
const feesOf = (period: string) => db.all(db.q.selectFrom('ledger_entries').select('id').where('id', '=', feeChargeId(apartmentId, period)));

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  db = openDatabase(server.database);
  for (const name of ['miri', 'moshe']) tokens.set(name, (await loginAs(server, name)).token);
  await approveTerms(server, tokens.get('moshe') ?? '');
  apartmentId = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0]?.apartmentId ?? '';
  const schedule = await as('miri', 'POST', '/api/binyan/buildings/101/fee-schedules', {
    effectiveFrom: '2041-03',
    basis: 'flat',
    rateAgorot: 32_050,
    frequency: 'monthly',
    billingDay: 1,
    payer: 'owner',
    apartments: [],
  });
  expect(schedule.status, schedule.text).toBe(201);
  const entered = await enteredCard(() => as('moshe', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success, true, '12/45', '123', newId());
  const card = (await as('moshe', 'POST', '/api/binyan/my/cards', entered)).body.record?.id;
  const order = await as('moshe', 'POST', '/api/binyan/my/standing-orders', {
    id: newId(),
    apartmentId,
    cardId: card,
    billingDay: 10,
    frequency: 'monthly',
    startDate: '2041-03-01',
  });
  expect(order.status, order.text).toBe(201);
  orderId = order.body.record?.id ?? '';
});
afterAll(async () => {
  await db.close();
  await server.close();
});

describe('the standing-order job and the fee job', () => {
  it('posts the period’s fees before it runs the period, when the fee job has not run yet', async () => {
    expect(await feesOf('2041-03')).toEqual([]);
    await inProcess('standingOrdersProcess.ts', '2041-03-10');
    expect(await runOf('2041-03-10')).toMatchObject({ status: 'succeeded', chargeIds: expect.arrayContaining([feeChargeId(apartmentId, '2041-03')]) });
  });

  it('charges the period’s fee, posted once, when both jobs start at once in two processes', async () => {
    const [fees, orders] = await Promise.all([inProcess('feeBillingProcess.ts', '2041-04-10'), inProcess('standingOrdersProcess.ts', '2041-04-10')]);
    expect(z.object({ posted: z.number() }).parse(JSON.parse(fees.stdout)).posted).toBeGreaterThanOrEqual(0);
    expect(z.object({ charged: z.number() }).parse(JSON.parse(orders.stdout)).charged).toBe(1);
    expect(await feesOf('2041-04')).toHaveLength(1);
    expect(await runOf('2041-04-10')).toMatchObject({ status: 'succeeded', chargeIds: [feeChargeId(apartmentId, '2041-04')] });
  });
});
