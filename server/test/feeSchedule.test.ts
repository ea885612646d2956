// The committee fee schedule (issue 29, items 1–2): staff and the building's committee add a schedule
// from a month on (history kept), nobody else may read or change it; the billing job posts each period's
// fee once per apartment even when two processes bill at once, due on the billing day
// (31 → a short month's last day); the tenant and the office see it, and a standing order settles it.
// Fixed dates far from today: the job runs on a fixed clock, schedules start in 2041.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testCards } from '../../src/lib/cards.ts';
import type { FeeSchedule } from '../../src/lib/domain/feeScheduleRules.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { feeChargeId, runFeeBilling } from '../src/jobs/feeBilling.ts';
import { runStandingOrders } from '../src/jobs/standingOrders.ts';
import { referenceProvider } from '../src/payments/referenceProvider.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { roomyCardLimits } from './paymentState.ts';
import { approveTerms } from './terms.ts';
import { enteredCard } from './cardEntry.ts';

type Body = {
  record?: FeeSchedule & { lines?: { chargeId: string }[] };
  records?: (FeeSchedule & { id: string; amountAgorot?: number; dueDate?: string; paid?: boolean })[];
  apartments?: {
    id: string;
    number: string;
    area: number | null;
    apartmentId?: string;
    buildingId?: number;
    debts?: { id: string; amount: number; dueDate: string; paid: boolean }[];
  }[];
  error?: { messageKey: string; field?: string };
};

let server: TestServer;
let one: Database;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  one = openDatabase(server.database);
  for (const name of ['miri', 'rina', 'moshe', 'tali', 'eli', 'admin']) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
  await approveTerms(server, tokens.get('moshe') ?? '');
});
afterAll(async () => {
  await one.close();
  await server.close();
});

const as = (user: string | null, method: string, path: string, body?: unknown) =>
  call<Body>(server, method, path, { ...(user ? { token: tokens.get(user) ?? '' } : {}), ...(body !== undefined ? { body } : {}), idempotencyKey: newId() });
const schedules = (bid: number) => `/api/binyan/buildings/${bid}/fee-schedules`;
const flat = { effectiveFrom: '2041-01', basis: 'flat', rateAgorot: 32_050, frequency: 'monthly', billingDay: 31, payer: 'owner', apartments: [] };

/** The job as one server process runs it on `day` (noon in Israel). */
function billOn(db: Database, day: string) {
  const now = () => new Date(`${day}T10:00:00Z`);
  return runFeeBilling({ db, now, nowIso: () => now().toISOString() });
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
/** The job in two processes of their own on the same database, started at once. */
async function billInTwoProcesses(day: string): Promise<number> {
  const once = () =>
    run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/test/feeBillingProcess.ts', server.database, day], { cwd: root });
  const outputs = await Promise.all([once(), once()]);
  return outputs.reduce((sum, o) => sum + z.object({ posted: z.number() }).parse(JSON.parse(o.stdout)).posted, 0);
}

describe('who may read and change a building’s fee schedule', () => {
  it('management staff and the building’s committee; not a tenant, a supplier, another building, another company or nobody', async () => {
    expect((await as('miri', 'GET', schedules(101))).status).toBe(200);
    expect((await as('rina', 'GET', schedules(101))).status).toBe(200);
    const elsewhere = await as('rina', 'GET', schedules(102));
    expect(elsewhere.status, elsewhere.text).toBe(403);
    expect((await as('rina', 'POST', schedules(102), flat)).body.error?.messageKey).toBe('errors:buildingNotAssigned');
    expect((await as('moshe', 'GET', schedules(101))).status).toBe(403);
    expect((await as('tali', 'POST', schedules(101), flat)).status).toBe(403);
    expect((await as('eli', 'GET', schedules(101))).status).toBe(403);
    expect((await as('eli', 'POST', schedules(101), flat)).status).toBe(403);
    expect((await as('miri', 'GET', schedules(201))).status).toBe(403);
    expect((await as('admin', 'POST', schedules(201), flat)).status).toBe(403);
    expect((await as('other', 'GET', schedules(101))).status).toBe(403);
    expect((await as(null, 'GET', schedules(101))).status).toBe(401);
    expect((await as(null, 'POST', schedules(101), flat)).status).toBe(401);
    expect((await as('miri', 'GET', schedules(101))).body.records).toEqual([]);
  });
});

describe('changing the schedule', () => {
  it('refuses what the rule refuses and an apartment of another building, on the server too', async () => {
    expect((await as('rina', 'POST', schedules(101), { ...flat, effectiveFrom: '2020-01' })).body.error).toMatchObject({
      field: 'effectiveFrom',
      messageKey: 'errors:invalidDate',
    });
    expect((await as('rina', 'POST', schedules(101), { ...flat, billingDay: 0 })).body.error).toMatchObject({ field: 'billingDay' });
    expect((await as('rina', 'POST', schedules(101), { ...flat, rateAgorot: -5 })).body.error).toMatchObject({ field: 'rateAgorot' });
    const stranger = await as('rina', 'POST', schedules(101), {
      ...flat,
      basis: 'perApartment',
      apartments: [{ apartmentId: 'no-such-apartment', rooms: null, amountAgorot: 100 }],
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.error).toMatchObject({ field: 'apartments' });
  });

  it('adds a change as a new row from its month: the old schedule stays', async () => {
    const first = await as('rina', 'POST', schedules(101), flat);
    expect(first.status, first.text).toBe(201);
    const later = await as('miri', 'POST', schedules(101), { ...flat, effectiveFrom: '2041-04', frequency: 'bimonthly', rateAgorot: 30_000 });
    expect(later.status, later.text).toBe(201);
    const read = (await as('rina', 'GET', schedules(101))).body;
    expect(read.records?.map((s) => [s.effectiveFrom, s.rateAgorot, s.frequency])).toEqual([
      ['2041-04', 30_000, 'bimonthly'],
      ['2041-01', 32_050, 'monthly'],
    ]);
    expect(read.apartments?.length).toBeGreaterThan(0);
  });
});

describe('the fee bills itself', () => {
  it('posts each period once per apartment when two processes bill at once; due on the 31st or the month’s last day', async () => {
    const apartments = (await as('miri', 'GET', schedules(101))).body.apartments ?? [];
    expect(await billInTwoProcesses('2041-03-02')).toBe(apartments.length * 3);
    expect((await billOn(one, '2041-03-20')).posted).toBe(0);
    const fees = await one.all(
      one.q.selectFrom('ledger_entries').select(['id', 'apartmentId', 'dueDate', 'amountAgorot']).where('sourceKind', '=', 'committeeFee').orderBy('id'),
    );
    expect(fees).toHaveLength(apartments.length * 3);
    const first = apartments[0]?.id ?? '';
    expect(fees.filter((f) => f.apartmentId === first).map((f) => [f.id, f.dueDate, Number(f.amountAgorot)])).toEqual([
      [feeChargeId(first, '2041-01'), '2041-01-31', 32_050],
      [feeChargeId(first, '2041-02'), '2041-02-28', 32_050],
      [feeChargeId(first, '2041-03'), '2041-03-31', 32_050],
    ]);
    // April starts the two-month schedule: one period for April and May, twice the monthly amount.
    await Promise.all([billOn(one, '2041-05-30'), billOn(one, '2041-05-30')]);
    const spring = await one.all(
      one.q
        .selectFrom('ledger_entries')
        .select(['id', 'amountAgorot'])
        .where('apartmentId', '=', first)
        .where('sourceKind', '=', 'committeeFee')
        .where('date', '>=', '2041-04-01'),
    );
    expect(spring.map((f) => [f.id, Number(f.amountAgorot)])).toEqual([[feeChargeId(first, '2041-04'), 60_000]]);
  });

  it('shows on the tenant’s home and the office list, and a standing order settles it', async () => {
    const account = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0];
    const apartmentId = account?.apartmentId ?? '';
    const fee = feeChargeId(apartmentId, '2041-01');
    expect(account?.debts?.find((d) => d.id === fee)).toMatchObject({ amount: 320.5, dueDate: '2041-01-31', paid: false });
    const office = (await as('miri', 'GET', '/api/binyan/debts?buildingId=101')).body.records ?? [];
    expect(office.find((d) => d.id === fee)).toMatchObject({ paid: false });

    const card = (
      await as(
        'moshe',
        'POST',
        '/api/binyan/my/cards',
        await enteredCard(() => as('moshe', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success, true, '12/45', '123', newId()),
      )
    ).body.record?.id;
    const order = await as('moshe', 'POST', '/api/binyan/my/standing-orders', {
      id: newId(),
      apartmentId,
      cardId: card,
      billingDay: 31,
      frequency: 'monthly',
      startDate: '2041-01-01',
    });
    expect(order.status, order.text).toBe(201);
    const now = () => new Date('2041-01-31T10:00:00Z');
    const counts = await runStandingOrders({ db: one, now, nowIso: () => now().toISOString(), provider: referenceProvider(one, now) });
    expect(counts.charged).toBe(1);
    const after = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0];
    expect(after?.debts?.find((d) => d.id === fee)).toBeUndefined();
    expect(after?.debts?.find((d) => d.id === feeChargeId(apartmentId, '2041-02'))).toMatchObject({ paid: false });
  });
});
