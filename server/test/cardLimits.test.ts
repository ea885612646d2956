// Card testing is limited (issue 27 item 6): saving cards (each one goes to the provider) per user and
// per apartment, counted before the provider is asked; declined payments per user and per apartment,
// counted when the provider declines; once spent, 429 with Retry-After and nothing reaches the provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { openDatabase } from '../src/db/open.ts';
import { merchantOf } from '../src/payments/cardPayment.ts';
import { providerCardsOf, providerChargeCountOf } from '../src/payments/referenceProvider.ts';
import type { Reply, TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { enteredCard } from './cardEntry.ts';

type Card = { id: string };
type Body = {
  record?: Card & { status: string; errorKey: string | null };
  quote?: { total: number };
  apartments?: { apartmentId: string; buildingId: number }[];
  error?: { code: string; messageKey: string };
};

const HOUR = 60 * 60_000;
const PROVIDER_DELAY_MS = 150;
let server: TestServer;
const tokens = new Map<string, string>();
let apartmentId = '';
let buildingId = 0;

beforeAll(async () => {
  server = await startTestServer({
    paymentProviderDelayMs: PROVIDER_DELAY_MS,
    usageLimits: {
      cardTokenizationsPerUser: { max: 3, windowMs: HOUR },
      cardTokenizationsPerApartment: { max: 4, windowMs: HOUR },
      cardDeclinesPerUser: { max: 2, windowMs: HOUR },
      cardDeclinesPerApartment: { max: 3, windowMs: HOUR },
    },
  });
  // tali becomes a tenant of moshe's apartment: two users, one apartment.
  const db = openDatabase(server.database);
  try {
    const moshe = await db.first(db.q.selectFrom('users').select('contactId').where('userName', '=', 'moshe').where('companyId', '=', 1001));
    await db.run(
      db.q
        .updateTable('users')
        .set({ contactId: moshe?.contactId ?? null })
        .where('userName', '=', 'tali')
        .where('companyId', '=', 1001),
    );
  } finally {
    await db.close();
  }
  for (const name of ['moshe', 'tali', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens.get(name) ?? '');
  const home = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0];
  apartmentId = home?.apartmentId ?? '';
  buildingId = home?.buildingId ?? 0;
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}), ...(key ? { idempotencyKey: key } : {}) });

// Each card is typed on the provider's page in a session our API opens: the sessions are what is counted.
const openEntry = (user: string) => as(user, 'POST', '/api/binyan/my/cards/entry', {});
const saveCard = async (user: string, number: string = testCards.success) =>
  as(user, 'POST', '/api/binyan/my/cards', await enteredCard(() => openEntry(user), number));

async function atProvider(): Promise<{ cards: number; charges: number }> {
  const db = openDatabase(server.database);
  try {
    return { cards: await providerCardsOf(db, merchantOf(1001)), charges: await providerChargeCountOf(db, merchantOf(1001)) };
  } finally {
    await db.close();
  }
}

function expectLimited(reply: Reply<Body>): void {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', messageKey: 'errors:tooManyRequests' });
  expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
}

async function newDebt(): Promise<string> {
  const id = newId();
  const made = await as('miri', 'POST', '/api/binyan/charges', {
    id,
    buildingId,
    apartmentId,
    reason: 'special',
    description: 'תיקון שער',
    amount: 100,
    dueDate: '2030-01-15',
  });
  expect(made.status, made.text).toBe(201);
  return id;
}

/** A payment of a new debt, ready to send: its debt made and quoted first. */
async function payment(user: string, cardId: string): Promise<() => Promise<Reply<Body> & { id: string }>> {
  const id = newId();
  const chargeIds = [await newDebt()];
  const total = (await as(user, 'POST', '/api/binyan/my/payments/quote', { apartmentId, chargeIds, cardId })).body.quote?.total ?? 0;
  return async () => ({ ...(await as(user, 'POST', '/api/binyan/my/payments', { id, apartmentId, chargeIds, cardId, expectedTotalAgorot: total }, id)), id });
}

const pay = async (user: string, cardId: string) => (await payment(user, cardId))();

describe('saving cards', () => {
  it('counts every card sent to the provider, per user and per apartment, and refuses more without asking it', async () => {
    // A declined card is still tokenized: it counts as much as a good one.
    for (const number of [testCards.success, testCards.decline, testCards.foreign]) expect((await saveCard('moshe', number)).status).toBe(201);
    const before = await atProvider();
    expectLimited(await openEntry('moshe'));
    expect((await atProvider()).cards).toBe(before.cards);
    // A repeat of a card already saved is no new attempt.
    server.clock.advance(HOUR);
    const body = await enteredCard(() => openEntry('moshe'), testCards.success);
    expect((await as('moshe', 'POST', '/api/binyan/my/cards', body)).status).toBe(201);
    expect((await as('moshe', 'POST', '/api/binyan/my/cards', body)).status).toBe(200);

    // The apartment's count: tali has saved nothing, but the apartment has (1 of 4 in this window).
    for (let i = 0; i < 3; i += 1) expect((await saveCard('tali')).status, `card ${i}`).toBe(201);
    const tali = await atProvider();
    expectLimited(await openEntry('tali'));
    expectLimited(await openEntry('moshe'));
    expect((await atProvider()).cards).toBe(tali.cards);

    server.clock.advance(HOUR);
    expect((await saveCard('tali')).status).toBe(201);
  });
});

describe('declined payments', () => {
  it('count per user and per apartment once declined; a payment that goes through does not; when spent nothing reaches the provider', async () => {
    server.clock.advance(2 * HOUR);
    const good = (await saveCard('moshe')).body.record as Card;
    const bad = (await saveCard('moshe', testCards.decline)).body.record as Card;
    for (let i = 0; i < 3; i += 1) expect((await pay('moshe', good.id)).body.record?.status).toBe('succeeded');
    for (let i = 0; i < 2; i += 1) expect((await pay('moshe', bad.id)).body.record).toMatchObject({ status: 'failed', errorKey: 'cardDeclined' });
    const before = await atProvider();
    const refused = await pay('moshe', good.id);
    expectLimited(refused);
    expect((await atProvider()).charges).toBe(before.charges);
    expect((await as('moshe', 'GET', `/api/binyan/my/payments/${refused.id}`)).status).toBe(404);

    // tali: one decline of her own fills the apartment's three.
    const hers = (await saveCard('tali', testCards.insufficientFunds)).body.record as Card;
    expect((await pay('tali', hers.id)).body.record).toMatchObject({ status: 'failed', errorKey: 'insufficientFunds' });
    const taliGood = (await saveCard('tali')).body.record as Card;
    expectLimited(await pay('tali', taliGood.id));
    expect((await atProvider()).charges).toBe(before.charges);

    server.clock.advance(HOUR);
    expect((await pay('tali', taliGood.id)).body.record?.status).toBe('succeeded');
  });

  it('lets no more attempts through than declines are left, when they are sent at once', async () => {
    server.clock.advance(2 * HOUR);
    const bad = (await saveCard('moshe', testCards.decline)).body.record as Card;
    const ready = [];
    for (let i = 0; i < 5; i += 1) ready.push(await payment('moshe', bad.id));
    // The provider takes its time (PROVIDER_DELAY_MS): all five are sent before any is declined.
    const replies = await Promise.all(ready.map((send) => send()));
    const declined = replies.filter((r) => r.body.record?.errorKey === 'cardDeclined');
    expect(declined.length, replies.map((r) => r.status).join(',')).toBe(2);
    for (const r of replies.filter((x) => x.body.record === undefined)) expectLimited(r);
  });
});
