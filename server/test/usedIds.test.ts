// A used id is a clear refusal, never a 500 (issue 27 item 16): a create whose client id another user,
// another company or a building the caller does not see already has answers 409 ALREADY_EXISTS without
// showing that record, before anything is sent out (a card is not tokenized, nothing is charged); the
// caller's own record comes back as `current`, seen as the caller may see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { ledger } from '../src/data/ledger.ts';
import { merchantOf } from '../src/payments/cardPayment.ts';
import { providerRedeemedEntriesOf } from '../src/payments/referenceProvider.ts';
import type { Reply, TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { providerCharges } from './paymentState.ts';
import { approveTerms } from './terms.ts';
import { enteredCard } from './cardEntry.ts';

type Rec = Record<string, unknown> & { id: string; version?: number };
type Body = {
  record?: Rec;
  records?: Rec[];
  quote?: { total: number };
  apartments?: { apartmentId: string; debts: { id: string }[] }[];
  current?: Rec;
  error?: { code: string; messageKey: string };
};

let server: TestServer;
let db: Database;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  db = openDatabase(server.database);
  for (const name of ['moshe', 'tali', 'miri', 'rina', 'avi']) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens.get(name) ?? '');
});
afterAll(async () => {
  await db.close();
  await server.close();
});

const as = (user: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}), ...(key ? { idempotencyKey: key } : {}) });

/** 409 ALREADY_EXISTS that shows nothing of the record that has the id. */
function expectIdTaken(reply: Reply<Body>, what: string): void {
  expect(reply.status, `${what}: ${reply.text}`).toBe(409);
  expect(reply.body, what).toEqual({ error: expect.objectContaining({ code: 'ALREADY_EXISTS', messageKey: 'errors:alreadyExists' }) });
}

const cardOf = async (user: string, id = newId(), keep = true) =>
  as(
    user,
    'POST',
    '/api/binyan/my/cards',
    await enteredCard(() => as(user, 'POST', '/api/binyan/my/cards/entry', {}), testCards.success, keep, '12/30', '123', id),
  );
const homeOf = async (user: string) => {
  const home = (await as(user, 'GET', '/api/binyan/my/account')).body.apartments?.[0];
  if (!home) throw new Error(`${user} has an apartment`);
  return home;
};
// A card typed on the provider's page reaches us only when its entry is redeemed.
const tokenized = () => providerRedeemedEntriesOf(db, merchantOf(1001));

describe('money', () => {
  it('refuses a card id another tenant (or a deleted card) has before the card goes to the provider', async () => {
    const mosheCard = (await cardOf('moshe')).body.record as Rec;
    const before = await tokenized();
    expectIdTaken(await cardOf('tali', mosheCard.id), 'another tenant’s card id');
    const deleted = (await cardOf('tali')).body.record as Rec;
    expect((await as('tali', 'DELETE', `/api/binyan/my/cards/${deleted.id}`)).status).toBe(200);
    expectIdTaken(await cardOf('tali', deleted.id), 'a deleted card’s id');
    expect(await tokenized()).toBe(before + 1);
    // The same request again (a lost answer) is still the tenant's own card.
    expect((await cardOf('moshe', mosheCard.id)).body.record?.id).toBe(mosheCard.id);
  });

  it('refuses a payment id another tenant paid under, and charges nothing', async () => {
    const moshe = await homeOf('moshe');
    const card = (await cardOf('moshe')).body.record as Rec;
    const chargeIds = [moshe.debts[0]?.id ?? ''];
    const total =
      (await as('moshe', 'POST', '/api/binyan/my/payments/quote', { apartmentId: moshe.apartmentId, chargeIds, cardId: card.id })).body.quote?.total ?? 0;
    const id = newId();
    expect(
      (await as('moshe', 'POST', '/api/binyan/my/payments', { id, apartmentId: moshe.apartmentId, chargeIds, cardId: card.id, expectedTotalAgorot: total }, id))
        .body.record?.status,
    ).toBe('succeeded');

    const tali = await homeOf('tali');
    const hers = (await cardOf('tali')).body.record as Rec;
    const taliDebts = [tali.debts[0]?.id ?? ''];
    const taliTotal =
      (await as('tali', 'POST', '/api/binyan/my/payments/quote', { apartmentId: tali.apartmentId, chargeIds: taliDebts, cardId: hers.id })).body.quote?.total ??
      0;
    expectIdTaken(
      await as(
        'tali',
        'POST',
        '/api/binyan/my/payments',
        { id, apartmentId: tali.apartmentId, chargeIds: taliDebts, cardId: hers.id, expectedTotalAgorot: taliTotal },
        id,
      ),
      'another tenant’s payment id',
    );
    // The same tenant's id for another payment (other debts) is refused alike.
    expectIdTaken(
      await as(
        'moshe',
        'POST',
        '/api/binyan/my/payments',
        { id, apartmentId: moshe.apartmentId, chargeIds: [moshe.debts[1]?.id ?? ''], cardId: card.id, expectedTotalAgorot: total },
        newId(),
      ),
      'one’s id for another payment',
    );
    expect(await providerCharges(server, id)).toBe(1);
    expect((await homeOf('tali')).debts.map((d) => d.id)).toContain(taliDebts[0]);
  });

  it('refuses a standing order id another tenant has', async () => {
    const moshe = await homeOf('moshe');
    const card = (await cardOf('moshe')).body.record as Rec;
    const order = { id: newId(), apartmentId: moshe.apartmentId, cardId: card.id, billingDay: 10, frequency: 'monthly', startDate: '2030-02-01' };
    expect((await as('moshe', 'POST', '/api/binyan/my/standing-orders', order)).status).toBe(201);
    const tali = await homeOf('tali');
    const hers = (await cardOf('tali')).body.record as Rec;
    expectIdTaken(
      await as('tali', 'POST', '/api/binyan/my/standing-orders', { ...order, apartmentId: tali.apartmentId, cardId: hers.id }),
      'another tenant’s standing order id',
    );
    // His own, sent again under another key: his order comes back as current.
    const again = await as('moshe', 'POST', '/api/binyan/my/standing-orders', order);
    expect(again.status).toBe(409);
    expect(again.body.current).toMatchObject({ id: order.id, billingDay: 10 });
  });

  it('refuses a ledger row or quick charge id another company or an unseen building has', async () => {
    const at = new Date().toISOString();
    const theirs = newId();
    await ledger.insert(
      db,
      {
        id: theirs,
        buildingId: 201,
        kind: 'income',
        date: '2030-01-01',
        amountAgorot: 5_000,
        apartmentId: null,
        contactId: null,
        debtKind: null,
        dueDate: null,
        group: null,
        description: 'הכנסה',
        settles: [],
        sourceKind: 'manual',
        sourceId: theirs,
        createdAt: at,
        createdBy: 'other',
        version: 1,
        updatedAt: at,
      },
      2002,
    );
    const row = { buildingId: 101, kind: 'income', date: '2030-01-01', amountAgorot: 1_000, description: 'תרומה' };
    expectIdTaken(await as('miri', 'POST', '/api/binyan/ledger-entries', { id: theirs, ...row }), 'another company’s ledger row');
    const apartmentId = (await homeOf('moshe')).apartmentId;
    expectIdTaken(
      await as('miri', 'POST', '/api/binyan/charges', {
        id: theirs,
        buildingId: 101,
        apartmentId,
        reason: 'special',
        description: 'תיקון',
        amount: 10,
        dueDate: '2030-01-15',
      }),
      'another company’s id for a quick charge',
    );

    // Building 106's row, and rina of building 101.
    const elsewhere = newId();
    expect((await as('miri', 'POST', '/api/binyan/ledger-entries', { id: elsewhere, ...row, buildingId: 106 })).status).toBe(201);
    expectIdTaken(await as('rina', 'POST', '/api/binyan/ledger-entries', { id: elsewhere, ...row }), 'an unseen building’s ledger row');
    const again = await as('miri', 'POST', '/api/binyan/ledger-entries', { id: elsewhere, ...row, buildingId: 106 });
    expect(again.status).toBe(409);
    expect(again.body.current).toMatchObject({ id: elsewhere, buildingId: 106 });
  });

  it('refuses a refund id of another company without showing that refund', async () => {
    const moshe = await homeOf('moshe');
    const card = (await cardOf('moshe')).body.record as Rec;
    const chargeIds = [moshe.debts[0]?.id ?? ''];
    const total =
      (await as('moshe', 'POST', '/api/binyan/my/payments/quote', { apartmentId: moshe.apartmentId, chargeIds, cardId: card.id })).body.quote?.total ?? 0;
    const paymentId = newId();
    expect(
      (
        await as(
          'moshe',
          'POST',
          '/api/binyan/my/payments',
          { id: paymentId, apartmentId: moshe.apartmentId, chargeIds, cardId: card.id, expectedTotalAgorot: total },
          paymentId,
        )
      ).status,
    ).toBe(200);
    const theirs = newId();
    const at = new Date().toISOString();
    await db.run(
      db.q.insertInto('payment_refunds').values({
        id: theirs,
        companyId: 2002,
        paymentId: newId(),
        amountAgorot: 700,
        ledgerAgorot: 700,
        status: 'succeeded',
        errorKey: null,
        createdBy: 'other',
        createdAt: at,
        updatedAt: at,
      }),
    );
    expectIdTaken(
      await as('miri', 'POST', `/api/binyan/payments/${paymentId}/refunds`, { id: theirs, amountAgorot: 100 }, theirs),
      'another company’s refund id',
    );
  });
});

describe('other records', () => {
  it('shows a room booking whose id a tenant reuses only as that tenant’s calendar shows it', async () => {
    const rooms = (await as('moshe', 'GET', '/api/binyan/buildings/101/rooms')).body.records ?? [];
    const club = rooms.find((r) => r.name === 'חדר מועדון');
    const day = addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), 3);
    const booking = { id: newId(), roomId: club?.id, start: `${day}T12:00`, end: `${day}T13:00` };
    expect((await as('moshe', 'POST', '/api/binyan/room-bookings', booking)).status).toBe(201);
    const reused = await as('tali', 'POST', '/api/binyan/room-bookings', { ...booking, start: `${day}T15:00`, end: `${day}T16:00` });
    expect(reused.status).toBe(409);
    expect(reused.body.current).toMatchObject({ id: booking.id, apartmentId: '', bookedBy: '', mine: false });
  });

  it('refuses a key, a contact or a room id of another company or building with nothing of the record', async () => {
    const key = { id: newId(), buildingId: 201, tagNumber: 'N-1', description: 'מפתח מחסן' };
    expect((await as('other', 'POST', '/api/binyan/keys', key)).status).toBe(201);
    expectIdTaken(await as('avi', 'POST', '/api/binyan/keys', { ...key, buildingId: 101 }), 'another company’s key id');
    const contact = (await as('other', 'GET', '/api/binyan/buildings/201/contacts')).body.records?.[0];
    expectIdTaken(
      await as('avi', 'POST', '/api/binyan/contacts', { id: contact?.id, buildingId: 101, firstName: 'דייר', lastName: 'חדש', phone: '0501112233' }),
      'another company’s contact id',
    );
    const room = {
      name: 'חדר כושר',
      opensAt: '06:00',
      closesAt: '22:00',
      slotMinutes: 60,
      bufferMinutes: 0,
      maxDaysAhead: 7,
      maxFutureBookingsPerApartment: 2,
      feeAgorot: 0,
    };
    const gym = { id: newId(), buildingId: 105, ...room };
    expect((await as('miri', 'POST', '/api/binyan/rooms', gym)).status).toBe(201);
    expectIdTaken(await as('rina', 'POST', '/api/binyan/rooms', { ...gym, buildingId: 101 }), 'an unseen building’s room id');
  });
});
