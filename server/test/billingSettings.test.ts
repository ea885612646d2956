// A building's billing settings and legal holds, changed by management staff (issue 14; spec 3, 8, 9):
// every refusal, and the effect — the next payment is quoted with the new fee, a building switched off
// takes no card payment, a held apartment's tenant is refused until the hold is cleared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { quoteCardPayment } from '../../src/lib/clearingFee.ts';
import type { BuildingBillingSettings } from '../../src/lib/domain/billingSettingsRules.ts';
import { openDatabase } from '../src/db/open.ts';
import { runStandingOrders } from '../src/jobs/standingOrders.ts';
import { referenceProvider } from '../src/payments/referenceProvider.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { enteredCard } from './cardEntry.ts';

type Settings = BuildingBillingSettings & { buildingId: number; version: number; updatedAt: string | null };
type Hold = { apartmentId: string; reason: string; createdAt: string; createdBy: number | null; createdByName: string | null };
type Quote = { subtotal: number; feeNet: number; feeVat: number; total: number; vatBasisPoints: number };
type Account = { apartmentId: string; buildingId: number; hold: string | null; debts: { id: string }[] };
type Body = {
  record?: Settings & Hold & { id: string; status: string; cardKind: string };
  records?: Hold[];
  quote?: Quote;
  apartments?: Account[];
  error?: { code: string; messageKey: string; field?: string };
  current?: Settings;
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['miri', 'admin', 'avi', 'rina', 'moshe']) tokens.set(name, (await loginAs(server, name)).token);
  await approveTerms(server, tokens.get('moshe') ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}), ...(key ? { idempotencyKey: key } : {}) });
const settingsPath = (bid: number) => `/api/binyan/buildings/${bid}/billing-settings`;
const read = async (bid: number) => {
  const reply = await as('miri', 'GET', settingsPath(bid));
  expect(reply.status, reply.text).toBe(200);
  return reply.body.record as Settings;
};
const save = (user: string, bid: number, baseVersion: number, changes: Partial<BuildingBillingSettings>, current: BuildingBillingSettings) =>
  as(user, 'PUT', settingsPath(bid), {
    baseVersion,
    settings: {
      cardPayments: current.cardPayments,
      fixedAgorot: current.fixedAgorot,
      percentBasisPoints: current.percentBasisPoints,
      vat: current.vat,
      foreignCardFixedAgorot: current.foreignCardFixedAgorot,
      dinersAmexPercentBasisPoints: current.dinersAmexPercentBasisPoints,
      ...changes,
    },
  });
const account = async () => {
  const a = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0];
  if (!a) throw new Error('the demo tenant has an apartment');
  return a;
};
const newCard = async () =>
  (await as('moshe', 'POST', '/api/binyan/my/cards', await enteredCard(() => as('moshe', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success))).body
    .record?.id ?? '';
const quote = (a: Account, cardId: string) =>
  as('moshe', 'POST', '/api/binyan/my/payments/quote', { apartmentId: a.apartmentId, chargeIds: [a.debts[0]?.id ?? ''], cardId });

describe('billing settings', () => {
  it('shows management staff the seeded settings with their version, and a building without any as taking no cards', async () => {
    const s = await read(101);
    expect(s).toMatchObject({
      buildingId: 101,
      cardPayments: true,
      fixedAgorot: 150,
      percentBasisPoints: 120,
      vat: 'added',
      foreignCardFixedAgorot: 500,
      dinersAmexPercentBasisPoints: 250,
      version: 1,
    });
    const none = await as('admin', 'GET', settingsPath(999));
    expect(none.status).toBe(404);
  });

  it('refuses other roles, values out of bounds or not whole agorot, and a stale version, changing nothing', async () => {
    const s = await read(102);
    for (const user of ['avi', 'rina', 'moshe']) {
      const reply = await save(user, 102, s.version, { fixedAgorot: 0 }, s);
      expect(reply.status, user).toBe(403);
      expect(reply.body.error?.code).toBe('NOT_ALLOWED');
    }
    expect((await as('rina', 'GET', settingsPath(102))).status).toBe(403);
    const refusals: [Partial<BuildingBillingSettings>, string, string][] = [
      [{ percentBasisPoints: 2_500 }, 'percentBasisPoints', 'errors:percentOutOfRange'],
      [{ dinersAmexPercentBasisPoints: -1 }, 'dinersAmexPercentBasisPoints', 'errors:percentOutOfRange'],
      [{ percentBasisPoints: 12.5 }, 'percentBasisPoints', 'errors:invalidPercent'],
      [{ fixedAgorot: -100 }, 'fixedAgorot', 'errors:feeOutOfRange'],
      [{ foreignCardFixedAgorot: 5_001 }, 'foreignCardFixedAgorot', 'errors:feeOutOfRange'],
      [{ fixedAgorot: 150.5 }, 'fixedAgorot', 'errors:invalidAmount'],
    ];
    for (const [changes, field, messageKey] of refusals) {
      const reply = await save('miri', 102, s.version, changes, s);
      expect(reply.status, JSON.stringify(changes)).toBe(422);
      expect(reply.body.error).toMatchObject({ field, messageKey });
    }
    const badVat = await save('miri', 102, s.version, { vat: 'sometimes' as 'added' }, s);
    expect(badVat.status).toBe(422);
    expect(badVat.body.error?.field).toBe('settings.vat');
    const stale = await save('miri', 102, s.version + 5, { fixedAgorot: 0 }, s);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', messageKey: 'errors:versionConflict' });
    expect(stale.body.current).toMatchObject({ version: s.version, fixedAgorot: 150 });
    expect(await read(102)).toEqual(s);
  });

  it('quotes the next payment with the changed fee, and refuses card payments once they are switched off', async () => {
    const a = await account();
    const card = await newCard();
    const before = (await quote(a, card)).body.quote as Quote;
    const s = await read(a.buildingId);
    const changed = await save('miri', a.buildingId, s.version, { fixedAgorot: 300, percentBasisPoints: 200, vat: 'included' }, s);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.record).toMatchObject({ fixedAgorot: 300, percentBasisPoints: 200, vat: 'included', version: s.version + 1 });
    const after = (await quote(a, card)).body.quote as Quote;
    const expected = quoteCardPayment([after.subtotal], 'local', { ...s, fixedAgorot: 300, percentBasisPoints: 200, vat: 'included' }, after.vatBasisPoints);
    expect(after).toMatchObject({ subtotal: before.subtotal, feeNet: expected.feeNet, feeVat: expected.feeVat, total: expected.total });
    expect(after.total).not.toBe(before.total);

    const off = await save('admin', a.buildingId, s.version + 1, { cardPayments: false }, await read(a.buildingId));
    expect(off.status, off.text).toBe(200);
    expect((await quote(a, card)).body.error?.messageKey).toBe('errors:buildingNotSetUpForCardPayments');
    await save('admin', a.buildingId, s.version + 2, { cardPayments: true }, await read(a.buildingId));
    expect((await quote(a, card)).status).toBe(200);
  });

  it('answers a repeated save with the same key once, without a version conflict', async () => {
    const s = await read(103);
    const key = newId();
    const body = { baseVersion: s.version, settings: { ...s, fixedAgorot: 200, buildingId: undefined, version: undefined, updatedAt: undefined } };
    const first = await as('miri', 'PUT', settingsPath(103), body, key);
    const again = await as('miri', 'PUT', settingsPath(103), body, key);
    expect(first.status, first.text).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.record?.version).toBe(s.version + 1);
    expect((await read(103)).version).toBe(s.version + 1);
  });
});

describe('apartments in legal proceedings', () => {
  it('refuses other roles and a hold without a reason', async () => {
    const a = await account();
    for (const user of ['avi', 'rina', 'moshe']) {
      expect((await as(user, 'PUT', `/api/binyan/apartments/${a.apartmentId}/hold`, { reason: 'תביעה' })).body.error?.code, user).toBe('NOT_ALLOWED');
      expect((await as(user, 'GET', `/api/binyan/apartment-holds?buildingId=${a.buildingId}`)).status, user).toBe(403);
    }
    const blank = await as('miri', 'PUT', `/api/binyan/apartments/${a.apartmentId}/hold`, { reason: '   ' });
    expect(blank.status).toBe(422);
    expect(blank.body.error).toMatchObject({ field: 'reason', messageKey: 'errors:requiredField' });
    const long = await as('miri', 'PUT', `/api/binyan/apartments/${a.apartmentId}/hold`, { reason: 'x'.repeat(501) });
    expect(long.body.error).toMatchObject({ field: 'reason', messageKey: 'errors:textTooLong' });
    expect((await as('miri', 'PUT', '/api/binyan/apartments/no-such-apartment/hold', { reason: 'תביעה' })).status).toBe(404);
    expect((await as('miri', 'GET', `/api/binyan/apartment-holds?buildingId=${a.buildingId}`)).body.records).toEqual([]);
  });

  it('refuses the tenant’s payment while the apartment is held, says who held it and why, and allows it once cleared', async () => {
    const a = await account();
    const card = await newCard();
    const held = await as('miri', 'PUT', `/api/binyan/apartments/${a.apartmentId}/hold`, { reason: 'תביעה משפטית על חוב' });
    expect(held.status, held.text).toBe(200);
    expect(held.body.record).toMatchObject({ apartmentId: a.apartmentId, reason: 'תביעה משפטית על חוב', createdByName: 'מירי אברהם' });
    const listed = (await as('admin', 'GET', `/api/binyan/apartment-holds?buildingId=${a.buildingId}`)).body.records ?? [];
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ apartmentId: a.apartmentId, reason: 'תביעה משפטית על חוב', createdByName: 'מירי אברהם' });
    expect(Date.parse(listed[0]?.createdAt ?? '')).not.toBeNaN();

    // The tenant learns the unit is held, never the office's reason.
    const mine = await account();
    expect(mine.hold).toBe('legalProceedings');
    expect(JSON.stringify(mine)).not.toContain('תביעה');
    const q = await quote(a, card);
    expect(q.status).toBe(422);
    expect(q.body.error).toMatchObject({ code: 'UNIT_IN_LEGAL_PROCEEDINGS', messageKey: 'errors:unitInLegalProceedings' });
    const id = newId();
    const pay = await as(
      'moshe',
      'POST',
      '/api/binyan/my/payments',
      { id, apartmentId: a.apartmentId, chargeIds: [a.debts[0]?.id ?? ''], cardId: card, expectedTotalAgorot: 1 },
      id,
    );
    expect(pay.body.error?.messageKey).toBe('errors:unitInLegalProceedings');

    const cleared = await as('miri', 'DELETE', `/api/binyan/apartments/${a.apartmentId}/hold`);
    expect(cleared.status, cleared.text).toBe(200);
    expect((await as('miri', 'DELETE', `/api/binyan/apartments/${a.apartmentId}/hold`)).status).toBe(200);
    expect((await account()).hold).toBeNull();
    const total = ((await quote(a, card)).body.quote as Quote).total;
    const paidId = newId();
    const paid = await as(
      'moshe',
      'POST',
      '/api/binyan/my/payments',
      { id: paidId, apartmentId: a.apartmentId, chargeIds: [a.debts[0]?.id ?? ''], cardId: card, expectedTotalAgorot: total },
      paidId,
    );
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.record?.status).toBe('succeeded');
  });
});

describe('a standing order of a held apartment', () => {
  it('is not charged while the apartment is held: each run is recorded as refused for legal proceedings', async () => {
    const a = await account();
    const card = await newCard();
    const made = await as('moshe', 'POST', '/api/binyan/my/standing-orders', {
      id: newId(),
      apartmentId: a.apartmentId,
      cardId: card,
      billingDay: 31,
      frequency: 'monthly',
      startDate: '2030-02-01',
    });
    expect(made.status, made.text).toBe(201);
    expect((await as('miri', 'PUT', `/api/binyan/apartments/${a.apartmentId}/hold`, { reason: 'הליך משפטי' })).status).toBe(200);
    const db = openDatabase(server.database);
    try {
      const now = () => new Date('2030-03-31T10:00:00Z');
      const counts = await runStandingOrders({ db, now, nowIso: () => now().toISOString(), provider: referenceProvider(db, now) });
      expect(counts.charged).toBe(0);
      const runs = await db.all(
        db.q
          .selectFrom('payments')
          .select(['status', 'errorKey', 'providerChargeId'])
          .where('standingOrderId', '=', made.body.record?.id ?? ''),
      );
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) expect(run).toEqual({ status: 'failed', errorKey: 'unitInLegalProceedings', providerChargeId: null });
    } finally {
      await db.close();
    }
    await as('miri', 'DELETE', `/api/binyan/apartments/${a.apartmentId}/hold`);
  });
});
