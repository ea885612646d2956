// An EV-charging station's reading is a debt of its apartment in the one ledger (issue 14): posted with
// the reading exactly once, corrected with it, gone with a deleted reading; the reading is paid when
// the tenant pays that debt, and unpaid again when the payment is refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { evChargeAgorot, readingDay } from '../../src/lib/domain/evCharges.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';
import { enteredCard } from './cardEntry.ts';

type Reading = {
  id: string;
  meterId: string;
  previous: number;
  current: number;
  consumption: number;
  pricePerKwh: number | null;
  paid: boolean;
  version: number;
  charge: { chargeId: string; amountAgorot: number; openAgorot: number; pendingChecks: boolean } | null;
};
type Debt = {
  id: string;
  kind: string;
  description: string;
  descriptionKey?: string | null;
  descriptionParams?: Record<string, string> | null;
  openAgorot: number;
  dueDate: string;
};
type Account = { apartmentId: string; balanceAgorot: number; debts: Debt[] };
type Body = {
  record?: Reading & { id: string; totalAgorot?: number };
  records?: Reading[];
  apartments?: Account[];
  quote?: { total: number };
  idempotencyKey?: string | null;
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['avi', 'moshe', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
  await approveTerms(server, tokens.get('moshe') ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(key ? { idempotencyKey: key } : {}),
  });
const account = async (): Promise<Account> => {
  const [home] = (await as('moshe', 'GET', '/my/account')).body.apartments ?? [];
  if (!home) throw new Error('moshe has an apartment');
  return home;
};
const debtOf = async (chargeId: string) => (await account()).debts.find((d) => d.id === chargeId);
const readingsOf = async (meterId: string) => (await as('avi', 'GET', `/meters/${meterId}/readings`)).body.records ?? [];
const reading = async (meterId: string, id: string) => (await readingsOf(meterId)).find((r) => r.id === id);
// Each reading a minute after the one before, so "the latest" and "the next" are well defined.
let minutes = 0;
const nextReadAt = () => new Date(server.clock.now().getTime() + ++minutes * 60_000).toISOString();
const read = (meterId: string, current: number, key = newId(), id = newId(), readAt = nextReadAt()) =>
  as('avi', 'POST', '/meter-readings', { id, meterId, current, photoId: 'p', readAt }, key);

let meterId = '';
let price = 0;

describe('an EV-charging reading', () => {
  it('is a debt of the station’s apartment for (current − previous) × price, named by its month and kWh', async () => {
    const { apartmentId } = await account();
    const meter = await as('avi', 'POST', '/meters', { id: newId(), buildingId: 101, apartmentId, number: 'EV-MOSHE', kind: 'evCharger', initialReading: 100 });
    expect(meter.status, meter.text).toBe(201);
    meterId = meter.body.record?.id ?? '';
    const balance = (await account()).balanceAgorot;

    const readAt = nextReadAt();
    const day = readingDay(readAt);
    const saved = await read(meterId, 142.5, newId(), newId(), readAt);
    expect(saved.status, saved.text).toBe(201);
    const r = saved.body.record;
    price = r?.pricePerKwh ?? 0;
    expect(price).toBeGreaterThan(0);
    const amount = evChargeAgorot(100, 142.5, price);
    expect(r).toMatchObject({ paid: false, charge: { chargeId: `${r?.id}:ev`, amountAgorot: amount, openAgorot: amount, pendingChecks: false } });

    const debt = await debtOf(`${r?.id}:ev`);
    expect(debt).toMatchObject({
      kind: 'special',
      openAgorot: amount,
      dueDate: day,
      descriptionKey: 'evCharging',
      descriptionParams: { month: `${day.slice(5, 7)}/${day.slice(0, 4)}`, kwh: '42.5' },
    });
    expect((await account()).balanceAgorot).toBe(balance + amount);
  });

  it('is charged once when the reading is sent again with its idempotency key', async () => {
    const key = newId();
    const id = newId();
    const before = (await account()).debts.length;
    const readAt = nextReadAt();
    const replies = [await read(meterId, 150, key, id, readAt), await read(meterId, 150, key, id, readAt)];
    expect(replies.map((x) => x.status)).toEqual([201, 201]);
    expect(replies[1]?.body.record?.id).toBe(id);
    const after = await account();
    expect(after.debts.filter((d) => d.id === `${id}:ev`)).toHaveLength(1);
    expect(after.debts).toHaveLength(before + 1);
    // The same reading under another key is refused: its id exists, and so does its charge.
    expect((await read(meterId, 150, newId(), id)).status).toBe(409);
    expect((await account()).debts).toHaveLength(before + 1);
  });

  it('follows a correction: the corrected reading and the next one are charged again, the pair adding up', async () => {
    const first = (await read(meterId, 160)).body.record;
    const second = (await read(meterId, 170)).body.record;
    if (!first || !second) throw new Error('two readings');
    const fixed = await as('avi', 'PATCH', `/meter-readings/${first.id}`, { baseVersion: first.version, changes: { current: 165 } }, newId());
    expect(fixed.status, fixed.text).toBe(200);
    expect(fixed.body.record?.charge?.amountAgorot).toBe(evChargeAgorot(150, 165, price));
    expect((await debtOf(`${first.id}:ev`))?.openAgorot).toBe(evChargeAgorot(150, 165, price));
    expect((await debtOf(`${second.id}:ev`))?.openAgorot).toBe(evChargeAgorot(165, 170, price));
  });

  it('leaves no debt when the latest reading is deleted', async () => {
    const latest = (await readingsOf(meterId))[0];
    if (!latest) throw new Error('a latest reading');
    expect(await debtOf(`${latest.id}:ev`)).toBeDefined();
    const gone = await as('avi', 'DELETE', `/meter-readings/${latest.id}?baseVersion=${latest.version}`, undefined, newId());
    expect(gone.status, gone.text).toBe(200);
    expect(await debtOf(`${latest.id}:ev`)).toBeUndefined();
  });

  it('is paid when the tenant pays its debt, frozen then, and unpaid again after a refund', async () => {
    const latest = (await readingsOf(meterId))[0];
    if (!latest?.charge) throw new Error('a charged reading');
    const { apartmentId } = await account();
    const chargeIds = [latest.charge.chargeId];
    const card = (await as('moshe', 'POST', '/my/cards', await enteredCard(() => as('moshe', 'POST', '/my/cards/entry', {}), testCards.success, false))).body
      .record;
    const quote = (await as('moshe', 'POST', '/my/payments/quote', { apartmentId, chargeIds, cardId: card?.id })).body.quote;
    const payId = newId();
    const paid = await as('moshe', 'POST', '/my/payments', { id: payId, apartmentId, chargeIds, cardId: card?.id, expectedTotalAgorot: quote?.total }, payId);
    expect(paid.status, paid.text).toBe(200);
    // The receipt's line names the charge as the debt did, for each language to render.
    expect((paid.body.record as unknown as { lines: Record<string, unknown>[] }).lines).toEqual([
      expect.objectContaining({
        chargeId: latest.charge.chargeId,
        descriptionKey: 'evCharging',
        descriptionParams: expect.objectContaining({ kwh: String(latest.consumption) }),
      }),
    ]);

    expect(await reading(meterId, latest.id)).toMatchObject({ paid: true, charge: { openAgorot: 0 } });
    expect(await debtOf(latest.charge.chargeId)).toBeUndefined();
    expectRefused(
      await as('avi', 'PATCH', `/meter-readings/${latest.id}`, { baseVersion: latest.version, changes: { current: 999 } }, newId()),
      'paidReadingCannotBeUpdated',
    );
    expectRefused(await as('avi', 'DELETE', `/meter-readings/${latest.id}?baseVersion=${latest.version}`, undefined, newId()), 'paidReadingCannotBeUpdated');
    const meter = (await as('avi', 'GET', '/buildings/101/meters')).body.records?.find((m) => m.id === meterId);
    expectRefused(await as('avi', 'DELETE', `/meters/${meterId}?baseVersion=${meter?.version}`, undefined, newId()), 'errorDeletingCounter');

    const refundId = newId();
    const refunded = await as('miri', 'POST', `/payments/${payId}/refunds`, { id: refundId, amountAgorot: paid.body.record?.totalAgorot }, refundId);
    expect(refunded.status, refunded.text).toBe(200);
    expect(await reading(meterId, latest.id)).toMatchObject({ paid: false, charge: { openAgorot: latest.charge.amountAgorot } });
    expect((await debtOf(latest.charge.chargeId))?.openAgorot).toBe(latest.charge.amountAgorot);
  });

  it('takes the unpaid debts back with a deleted station', async () => {
    const { apartmentId } = await account();
    const meter = (
      await as('avi', 'POST', '/meters', { id: newId(), buildingId: 101, apartmentId: null, number: 'EV-SHARED', kind: 'evCharger', initialReading: 0 })
    ).body.record;
    // A station of no apartment has no one to charge: read, not billed.
    const shared = (await read(meter?.id ?? '', 10)).body.record;
    expect(shared).toMatchObject({ paid: false, charge: null });
    expect(apartmentId).toBeTruthy();

    const own = (await readingsOf(meterId)).filter((r) => r.charge);
    const unpaid = own.filter((r) => !r.paid);
    expect(unpaid.length).toBeGreaterThan(0);
    // The paid-then-refunded reading is no longer frozen, so the station may go, and its debts with it.
    const current = (await as('avi', 'GET', '/buildings/101/meters')).body.records?.find((m) => m.id === meterId);
    const gone = await as('avi', 'DELETE', `/meters/${meterId}?baseVersion=${current?.version}`, undefined, newId());
    expect(gone.status, gone.text).toBe(200);
    for (const r of unpaid) expect(await debtOf(`${r.id}:ev`)).toBeUndefined();
  });

  it('does not bill an apartment’s electricity counter', async () => {
    const seeded = (await as('avi', 'GET', '/buildings/101/meters')).body.records?.find((m) => (m as unknown as { kind: string }).kind === 'unit');
    const before = (await account()).debts.length;
    const latest = (await readingsOf(seeded?.id ?? ''))[0];
    const r = await read(seeded?.id ?? '', (latest?.current ?? 0) + 10);
    expect(r.status, r.text).toBe(201);
    expect(r.body.record).toMatchObject({ charge: null });
    expect((await account()).debts).toHaveLength(before);
  });

  it('is frozen while checks sent for its debt await approval, and paid once their deposit is confirmed', async () => {
    type Group = { ID: number; ChecksHeaderGuid: string; ContactGuid: string; DebtIds: string[]; version: number };
    type DebtRow = { id: string; apartmentId: string; contactGuid: string };
    const group = ((await as('avi', 'GET', '/check/toFill')).body.records as unknown as Group[]).find((g) => g.ID === 5003);
    if (!group) throw new Error('the demo has payment 5003');
    const payerDebts = (
      await call<{ records: DebtRow[] }>(server, 'GET', `/api/binyan/debts?contactGuid=${group.ContactGuid}`, { token: tokens.get('avi') ?? '' })
    ).body.records;
    const apartmentId = payerDebts[0]?.apartmentId ?? '';
    const station = (
      await as('avi', 'POST', '/meters', { id: newId(), buildingId: 101, apartmentId, number: 'EV-CHECKS', kind: 'evCharger', initialReading: 0 })
    ).body.record;
    const r = (await read(station?.id ?? '', 100)).body.record;
    if (!r?.charge) throw new Error('a charged reading');
    expect(
      (
        await call<{ records: DebtRow[] }>(server, 'GET', `/api/binyan/debts?contactGuid=${group.ContactGuid}`, { token: tokens.get('avi') ?? '' })
      ).body.records.some((d) => d.id === r.charge?.chargeId),
    ).toBe(true);

    const sent = await as('avi', 'PUT', '/check/submitChecksHeader', { ...group, DebtIds: [r.charge.chargeId], SendAnyway: true }, newId());
    expect(sent.status, sent.text).toBe(200);
    expect(await reading(station?.id ?? '', r.id)).toMatchObject({ paid: false, charge: { pendingChecks: true } });
    expectRefused(await as('avi', 'DELETE', `/meter-readings/${r.id}?baseVersion=${r.version}`, undefined, newId()), 'paidReadingCannotBeUpdated');

    expect((await as('avi', 'POST', '/check/deposit/start', { ChecksHeaderGuid: group.ChecksHeaderGuid }, newId())).status).toBe(200);
    const code = await server.waitForDeposit('avi');
    expect((await as('avi', 'POST', '/check/deposit/confirm', { ChecksHeaderGuid: group.ChecksHeaderGuid, code }, newId())).status).toBe(200);
    expect(await reading(station?.id ?? '', r.id)).toMatchObject({ paid: true, charge: { openAgorot: 0, pendingChecks: false } });
  });
});
