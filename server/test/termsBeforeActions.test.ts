// Terms before tenant actions (issue 27 item 15): a tenant (owner or renter) who has not approved the
// CURRENT terms of use is refused payments, saved cards, standing orders, room bookings and document
// actions — alone and inside a sync batch (where the batch carries the route; the rest it refuses by path) — with 403 TERMS_NOT_APPROVED (errors:termsNotApproved), and
// nothing is done; reading, cancelling and staff work are not held back. Once approved, they go through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchTargetOf } from '../../src/lib/batchTargets.ts';
import { testCards } from '../../src/lib/cards.ts';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import { termsVersion } from '../../src/lib/terms.ts';
import { openDatabase } from '../src/db/open.ts';
import { merchantOf } from '../src/payments/cardPayment.ts';
import { providerCardsOf } from '../src/payments/referenceProvider.ts';
import type { Reply, TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { enteredCard } from './cardEntry.ts';

type Body = {
  record?: { id: string; version?: number; status?: string };
  records?: { id: string; name?: string }[];
  quote?: { total: number };
  apartments?: { apartmentId: string; debts: { id: string }[] }[];
  results?: { status: number; body: { error?: { code: string } } }[];
  error?: { code: string; messageKey: string };
  terms?: { version: string; approved: boolean };
};
type Action = { method: string; path: string; body: unknown };

let server: TestServer;
const tokens = new Map<string, string>();
let apartmentId = '';
let debtId = '';
let clubId = '';

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['tali', 'rina']) tokens.set(name, (await loginAs(server, name)).token);
  const home = (await as('tali', 'GET', '/api/binyan/my/account')).body.apartments?.[0];
  apartmentId = home?.apartmentId ?? '';
  debtId = home?.debts[0]?.id ?? '';
  clubId = (await as('tali', 'GET', '/api/binyan/buildings/101/rooms')).body.records?.find((r) => r.name === 'חדר מועדון')?.id ?? '';
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Body>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });
const day = (n: number) => addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), n);

/** The user approved only an older version of the terms (the current one came out since). */
async function withdrawApproval(user: string): Promise<void> {
  const db = openDatabase(server.database);
  try {
    const u = await db.first(db.q.selectFrom('users').select('id').where('userName', '=', user).where('companyId', '=', 1001));
    await db.run(
      db.q
        .deleteFrom('terms_approvals')
        .where('userId', '=', u?.id ?? 0)
        .where('version', '=', termsVersion),
    );
    await db.run(
      db.q
        .insertInto('terms_approvals')
        .values({ userId: u?.id ?? 0, version: '2000-01-01', companyId: 1001, approvedAt: '2000-01-02T08:00:00.000Z' })
        .onConflict((oc) => oc.doNothing()),
    );
  } finally {
    await db.close();
  }
}

function expectTermsRefusal(reply: Pick<Reply<Body>, 'status' | 'body' | 'text'>, what: string): void {
  expect(reply.status, `${what}: ${reply.text}`).toBe(403);
  expect(reply.body.error, what).toMatchObject({ code: 'TERMS_NOT_APPROVED', messageKey: 'errors:termsNotApproved' });
}

/**
 * Each action alone, then all of them in one sync batch: every one refused — for the terms when the
 * batch carries its route, else for its path (only the outbox's own routes travel in a batch).
 */
async function expectHeldBack(user: string, actions: readonly Action[]): Promise<void> {
  for (const a of actions) {
    const reply = await as(user, a.method, a.path, a.body);
    expectTermsRefusal(reply, `${a.method} ${a.path}`);
    expect(reply.body.terms).toEqual({ version: termsVersion, approved: false });
  }
  const items = actions.map((a, i) => ({ key: newId(), method: a.method, path: a.path.replace(/^\/api\//, ''), body: a.body, record: `terms:${i}` }));
  const batch = await as(user, 'POST', '/api/binyan/sync/batch', { items });
  expect(batch.status, batch.text).toBe(200);
  actions.forEach((a, i) => {
    const result = batch.body.results?.[i];
    const batched = batchTargetOf(a.method, a.path.replace(/^\/api\//, '')).ok;
    expect(result?.status, `batch ${a.method} ${a.path}`).toBe(batched ? 403 : 422);
    expect(result?.body.error?.code, `batch ${a.method} ${a.path}`).toBe(batched ? 'TERMS_NOT_APPROVED' : 'BATCH_PATH_REFUSED');
  });
}

const cardsAtProvider = async () => {
  const db = openDatabase(server.database);
  try {
    return await providerCardsOf(db, merchantOf(1001));
  } finally {
    await db.close();
  }
};

describe('a tenant who has not approved the current terms', () => {
  it('is refused saving a card, quoting and paying, and no card reaches the provider; reading the account is open', async () => {
    const actions: Action[] = [
      { method: 'POST', path: '/api/binyan/my/cards/entry', body: {} },
      { method: 'POST', path: '/api/binyan/my/cards', body: { id: newId(), entryId: newId(), keep: true } },
      { method: 'POST', path: '/api/binyan/my/payments/quote', body: { apartmentId, chargeIds: [debtId], cardId: 'any' } },
      { method: 'POST', path: '/api/binyan/my/payments', body: { id: newId(), apartmentId, chargeIds: [debtId], cardId: 'any', expectedTotalAgorot: 1 } },
    ];
    const before = await cardsAtProvider();
    await expectHeldBack('tali', actions);
    expect(await cardsAtProvider()).toBe(before);
    expect((await as('tali', 'GET', '/api/binyan/my/account')).status).toBe(200);

    await approveTerms(server, tokens.get('tali') ?? '');
    const card = await as(
      'tali',
      'POST',
      '/api/binyan/my/cards',
      await enteredCard(() => as('tali', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success),
    );
    expect(card.status, card.text).toBe(201);
    const quote = await as('tali', 'POST', '/api/binyan/my/payments/quote', { apartmentId, chargeIds: [debtId], cardId: card.body.record?.id });
    expect(quote.status, quote.text).toBe(200);
    const id = newId();
    const paid = await call<Body>(server, 'POST', '/api/binyan/my/payments', {
      token: tokens.get('tali') ?? '',
      idempotencyKey: id,
      body: { id, apartmentId, chargeIds: [debtId], cardId: card.body.record?.id, expectedTotalAgorot: quote.body.quote?.total },
    });
    expect(paid.body.record?.status, paid.text).toBe('succeeded');
    await withdrawApproval('tali');
  });

  it('is refused setting and changing a standing order, and may still cancel one', async () => {
    await approveTerms(server, tokens.get('tali') ?? '');
    const card = (
      await as('tali', 'POST', '/api/binyan/my/cards', await enteredCard(() => as('tali', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success))
    ).body.record;
    const made = await as('tali', 'POST', '/api/binyan/my/standing-orders', {
      id: newId(),
      apartmentId,
      cardId: card?.id,
      billingDay: 10,
      frequency: 'monthly',
      startDate: '2030-02-01',
    });
    expect(made.status, made.text).toBe(201);
    await withdrawApproval('tali');

    const order = made.body.record;
    await expectHeldBack('tali', [
      {
        method: 'POST',
        path: '/api/binyan/my/standing-orders',
        body: { id: newId(), apartmentId, cardId: card?.id, billingDay: 12, frequency: 'monthly', startDate: '2030-03-01' },
      },
      {
        method: 'PUT',
        path: `/api/binyan/my/standing-orders/${order?.id ?? ''}`,
        body: { baseVersion: order?.version, cardId: card?.id, billingDay: 15, frequency: 'monthly', startDate: '2030-02-01' },
      },
    ]);
    expect((await as('tali', 'DELETE', `/api/binyan/my/standing-orders/${order?.id ?? ''}`)).status).toBe(200);
  });

  it('is refused booking a room; the committee member who has not approved them books', async () => {
    const booking = { id: newId(), roomId: clubId, start: `${day(2)}T10:00`, end: `${day(2)}T11:00` };
    await expectHeldBack('tali', [{ method: 'POST', path: '/api/binyan/room-bookings', body: booking }]);
    const calendar = await as('tali', 'GET', `/api/binyan/rooms/${clubId}/bookings?from=${day(2)}&days=1`);
    expect(calendar.status).toBe(200);
    expect(calendar.body.records?.map((b) => b.id)).not.toContain(booking.id);

    await withdrawApproval('rina');
    const byCommittee = await as('rina', 'POST', '/api/binyan/room-bookings', {
      id: newId(),
      roomId: clubId,
      start: `${day(3)}T10:00`,
      end: `${day(3)}T11:00`,
      apartmentId,
    });
    expect(byCommittee.body.error?.code, byCommittee.text).not.toBe('TERMS_NOT_APPROVED');

    await approveTerms(server, tokens.get('tali') ?? '');
    const booked = await as('tali', 'POST', '/api/binyan/room-bookings', booking);
    expect(booked.status, booked.text).toBe(201);
    await withdrawApproval('tali');
  });

  it('is refused sending a document and signing a form', async () => {
    const actions: Action[] = [
      { method: 'POST', path: '/api/binyan/documents/seed-doc-bylaws-101/send', body: { id: newId(), to: 'tali@binyan-demo.co.il' } },
      { method: 'POST', path: '/api/binyan/signed-forms', body: { id: newId(), buildingId: 101, apartmentId, formId: 'renterDetails', values: {} } },
    ];
    await expectHeldBack('tali', actions);
    expect((await as('tali', 'GET', '/api/binyan/buildings/101/documents')).status).toBe(200);
    await approveTerms(server, tokens.get('tali') ?? '');
    // Approved, the route's own rules answer (whatever they decide of these bodies), never the terms.
    for (const a of actions) expect((await as('tali', a.method, a.path, a.body)).body.error?.code, a.path).not.toBe('TERMS_NOT_APPROVED');
  });
});
