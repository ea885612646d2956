// Standing orders (hok, issue 14; spec 3, 5): set on a kept card, never American Express, a start date
// not in the past, one per apartment; changed and cancelled. The job charges each billing date once —
// the 31st bills on a short month's last day — even when two processes run it at once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { openDatabase } from '../src/db/open.ts';
import type { Database } from '../src/db/database.ts';
import { ledger } from '../src/data/ledger.ts';
import { runStandingOrders } from '../src/jobs/standingOrders.ts';
import { referenceProvider } from '../src/payments/referenceProvider.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { roomyCardLimits } from './paymentState.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { enteredCard } from './cardEntry.ts';

type Order = { id: string; billingDay: number; frequency: string; version: number; status: string };
type Body = {
  record?: Order & { id: string; kept: boolean };
  apartments?: { apartmentId: string; buildingId: number; standingOrder: Order | null; failedRuns: { errorKey: string }[]; history: { method: string }[] }[];
  error?: { messageKey: string; field?: string };
};

let server: TestServer;
let db: Database;
let moshe: string;
let apartmentId = '';

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  db = openDatabase(server.database);
  moshe = (await loginAs(server, 'moshe')).token;
  await approveTerms(server, moshe);
  apartmentId = (await account()).apartmentId;
});
afterAll(async () => {
  await db.close();
  await server.close();
});

const as = (method: string, path: string, body?: unknown) =>
  call<Body>(server, method, path, { token: moshe, ...(body !== undefined ? { body } : {}), idempotencyKey: newId() });
async function account() {
  const a = (await as('GET', '/api/binyan/my/account')).body.apartments?.[0];
  if (!a) throw new Error('moshe has an apartment');
  return a;
}
const card = async (number: string) =>
  (await as('POST', '/api/binyan/my/cards', await enteredCard(() => as('POST', '/api/binyan/my/cards/entry', {}), number, true, '12/35', '123', newId()))).body
    .record?.id ?? '';
const order = (cardId: string, extra: Record<string, unknown> = {}) =>
  as('POST', '/api/binyan/my/standing-orders', { id: newId(), apartmentId, cardId, billingDay: 31, frequency: 'monthly', startDate: '2030-02-01', ...extra });

/** The job as one server process runs it, on `day` (noon in Israel). */
function jobOn(day: string) {
  const now = () => new Date(`${day}T10:00:00Z`);
  return runStandingOrders({ db, now, nowIso: () => now().toISOString(), provider: referenceProvider(db, now) });
}
const runsOf = async (orderId: string) =>
  db.all(db.q.selectFrom('payments').select(['period', 'status', 'totalAgorot']).where('standingOrderId', '=', orderId).orderBy('period'));
async function committeeCharge(dueDate: string): Promise<void> {
  const a = await account();
  const at = new Date().toISOString();
  const id = randomUUID();
  await ledger.insert(
    db,
    {
      id,
      buildingId: a.buildingId,
      kind: 'charge',
      date: dueDate,
      amountAgorot: 35_000,
      apartmentId,
      contactId: null,
      debtKind: 'currentCommittee',
      dueDate,
      group: null,
      description: 'דמי ועד בית',
      settles: [],
      sourceKind: 'test',
      sourceId: id,
      createdAt: at,
      createdBy: 'test',
      version: 1,
      updatedAt: at,
    },
    1001,
  );
}

describe('setting a standing order', () => {
  it('refuses American Express with the spec’s message, a past start date, and a second order for the apartment', async () => {
    const amex = await order(await card(testCards.amex));
    expect(amex.status).toBe(422);
    expect(amex.body.error).toMatchObject({ field: 'card', messageKey: 'errors:amexNotForRecurring' });
    const past = await order(await card(testCards.success), { startDate: '2020-01-01' });
    expect(past.body.error).toMatchObject({ field: 'startDate', messageKey: 'errors:invalidDate' });
    const first = await order(await card(testCards.success));
    expect(first.status, first.text).toBe(201);
    expect((await order(await card(testCards.success))).body.error?.messageKey).toBe('errors:standingOrderExists');
    expect((await account()).standingOrder).toMatchObject({ billingDay: 31, frequency: 'monthly' });
    const changed = await as('PUT', `/api/binyan/my/standing-orders/${first.body.record?.id}`, {
      baseVersion: 1,
      cardId: await card(testCards.success),
      billingDay: 15,
      frequency: 'quarterly',
      startDate: '2030-02-01',
    });
    expect(changed.body.record).toMatchObject({ billingDay: 15, frequency: 'quarterly', version: 2 });
    expect((await as('DELETE', `/api/binyan/my/standing-orders/${first.body.record?.id}`)).status).toBe(200);
    expect((await account()).standingOrder).toBeNull();
  });
});

describe('the standing-order job', () => {
  it('bills the 31st on the last day of February, once per period, also when two processes run it together', async () => {
    const created = await order(await card(testCards.success));
    const id = created.body.record?.id ?? '';
    expect((await jobOn('2030-02-27')).charged).toBe(0);
    expect(await runsOf(id)).toEqual([]);

    const feb = await jobOn('2030-02-28');
    expect(feb.charged).toBe(1);
    expect(await jobOn('2030-02-28')).toEqual({ charged: 0, failed: 0, nothingDue: 0 });
    const [run] = await runsOf(id);
    expect(run).toMatchObject({ period: '2030-02-28', status: 'succeeded' });
    // Every committee fee due by the billing date is settled; special charges are not the order's.
    const open = (await account()) as unknown as { debts: { kind: string; dueDate: string }[] };
    expect(open.debts.filter((d) => d.kind !== 'special' && d.dueDate <= '2030-02-28')).toEqual([]);
    expect(open.debts.some((d) => d.kind === 'special')).toBe(true);

    await committeeCharge('2030-03-15');
    const together = await Promise.all([jobOn('2030-03-31'), jobOn('2030-03-31')]);
    expect(together.reduce((s, c) => s + c.charged, 0)).toBeGreaterThanOrEqual(1);
    const march = (await runsOf(id)).filter((r) => r.period === '2030-03-31');
    expect(march).toEqual([expect.objectContaining({ status: 'succeeded', totalAgorot: expect.any(Number) })]);
    const charges = await db.all(db.q.selectFrom('provider_charges').select('id').where('idempotencyKey', '=', `so:${id}:2030-03-31`));
    expect(charges).toHaveLength(1);
    expect((await account()).history.filter((h) => h.method === 'standingOrder')).toHaveLength(2);
    await as('DELETE', `/api/binyan/my/standing-orders/${id}`);
  });

  it('records a refused charge as failed and shows it to the tenant and the office', async () => {
    const created = await order(await card(testCards.insufficientFunds));
    await committeeCharge('2030-04-10');
    const counts = await jobOn('2030-04-30');
    expect(counts.failed).toBe(1);
    expect((await account()).failedRuns).toEqual([expect.objectContaining({ errorKey: 'insufficientFunds' })]);
    const miri = (await loginAs(server, 'miri')).token;
    const office = await call<{ records: { method: string; status: string; standingOrderId: string }[] }>(
      server,
      'GET',
      `/api/binyan/payments?buildingId=${(await account()).buildingId}`,
      { token: miri },
    );
    expect(office.body.records.filter((p) => p.standingOrderId === created.body.record?.id && p.status === 'failed')).toHaveLength(1);
  });
});
