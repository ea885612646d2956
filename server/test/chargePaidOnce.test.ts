// One charge is paid once (issue 27 item 5): a debt named twice is refused before anything is charged;
// an open payment intent holds its debts, so a second intent for one of them is refused while the first
// is being paid (two server processes at once: multiProcess.test.ts); an intent left unfinished is
// finished before another pays the same debt; a pending intent finished later checks its debts first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { openDatabase } from '../src/db/open.ts';
import type { Payment } from '../src/data/payments.ts';
import { merchantOf } from '../src/payments/cardPayment.ts';
import { providerChargeCountOf, referenceProvider } from '../src/payments/referenceProvider.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { heldCharges, leavePendingIntent, payByChecks, providerCharges, roomyCardLimits } from './paymentState.ts';
import { approveTerms } from './terms.ts';
import { enteredCard } from './cardEntry.ts';

type Debt = { id: string; openAgorot: number };
type Account = { apartmentId: string; buildingId: number; balanceAgorot: number; debts: Debt[] };
type Card = { id: string; last4: string; cardKind: string };
type PaymentRecord = { id: string; status: string; errorKey: string | null; receiptNumber: number | null };
type Body = { record?: PaymentRecord & Card; quote?: { total: number }; apartments?: Account[]; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
let moshe = '';
let miri = '';
let home: Account;
let card: Card;

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  moshe = (await loginAs(server, 'moshe')).token;
  miri = (await loginAs(server, 'miri')).token;
  await approveTerms(server, moshe);
  home = await account();
  card = (await as('POST', '/api/binyan/my/cards', await enteredCard(() => as('POST', '/api/binyan/my/cards/entry', {}), testCards.success))).body
    .record as Card;
});
afterAll(async () => server.close());

const as = (method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, path, { token: moshe, ...(body !== undefined ? { body } : {}), ...(key ? { idempotencyKey: key } : {}) });

async function account(): Promise<Account> {
  const first = (await as('GET', '/api/binyan/my/account')).body.apartments?.[0];
  if (!first) throw new Error('the demo tenant has an apartment');
  return first;
}

/** A new debt of the tenant's apartment (a quick charge by the office), so each test pays its own. */
async function newDebt(amountNis: number): Promise<Debt> {
  const id = newId();
  const made = await call(server, 'POST', '/api/binyan/charges', {
    token: miri,
    body: {
      id,
      buildingId: home.buildingId,
      apartmentId: home.apartmentId,
      reason: 'special',
      description: 'תיקון מעלית',
      amount: amountNis,
      dueDate: '2030-01-15',
    },
  });
  expect(made.status, made.text).toBe(201);
  return { id, openAgorot: amountNis * 100 };
}

const totalOf = async (chargeIds: string[], cardId = card.id) => {
  const reply = await as('POST', '/api/binyan/my/payments/quote', { apartmentId: home.apartmentId, chargeIds, cardId });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.quote?.total ?? 0;
};

const pay = async (chargeIds: string[], expectedTotalAgorot: number, id = newId(), cardId = card.id) =>
  as('POST', '/api/binyan/my/payments', { id, apartmentId: home.apartmentId, chargeIds, cardId, expectedTotalAgorot }, id);

const chargedAtProvider = async () => {
  const db = openDatabase(server.database);
  try {
    return await providerChargeCountOf(db, merchantOf(1001));
  } finally {
    await db.close();
  }
};

/** An intent of the tenant recorded `minutesAgo` and never finished (a closed tab, a stopped process). */
async function pendingIntent(debt: Debt, minutesAgo: number, cardId = card.id): Promise<Payment> {
  const total = await totalOf([debt.id], cardId);
  const createdAt = new Date(server.clock.now().getTime() - minutesAgo * 60_000).toISOString();
  const intent: Payment = {
    id: newId(),
    companyId: 1001,
    userId: null,
    buildingId: home.buildingId,
    apartmentId: home.apartmentId,
    contactId: null,
    chargeIds: [debt.id],
    lines: [{ chargeId: debt.id, description: 'תיקון מעלית', debtKind: 'special', dueDate: '2030-01-15', amountAgorot: debt.openAgorot }],
    method: 'card',
    cardId,
    cardKind: 'local',
    last4: '0000',
    subtotalAgorot: debt.openAgorot,
    feeNetAgorot: total - debt.openAgorot,
    feeVatAgorot: 0,
    totalAgorot: total,
    vatBasisPoints: 1800,
    status: 'pending',
    providerChargeId: null,
    errorKey: null,
    receiptNumber: null,
    receiptIssuer: null,
    payerName: 'משה פרץ',
    standingOrderId: null,
    period: null,
    date: '2030-01-15',
    createdAt,
    updatedAt: createdAt,
  };
  await leavePendingIntent(server, intent);
  return intent;
}

describe('a debt named twice', () => {
  it('is refused (422 debtChosenTwice) when quoting and paying, and nothing reaches the provider', async () => {
    const debt = await newDebt(350);
    const once = await totalOf([debt.id]);
    const before = await chargedAtProvider();
    const quote = await as('POST', '/api/binyan/my/payments/quote', { apartmentId: home.apartmentId, chargeIds: [debt.id, debt.id], cardId: card.id });
    expect(quote.status).toBe(422);
    expect(quote.body.error).toMatchObject({ code: 'VALIDATION', field: 'debts', messageKey: 'errors:debtChosenTwice' });
    const id = newId();
    // The request: three times one 350 NIS debt, at the total the server would have quoted for it.
    for (const expected of [once, once * 3]) {
      const paid = await pay([debt.id, debt.id, debt.id], expected, id);
      expect(paid.status, paid.text).toBe(422);
      expect(paid.body.error).toMatchObject({ code: 'VALIDATION', field: 'debts', messageKey: 'errors:debtChosenTwice' });
    }
    expect(await chargedAtProvider()).toBe(before);
    expect((await as('GET', `/api/binyan/my/payments/${id}`)).status).toBe(404);
    expect((await account()).debts.find((d) => d.id === debt.id)?.openAgorot).toBe(35_000);
  });
});

describe('an open intent holds its debts', () => {
  it('refuses a second intent for a debt another one is paying, not one for another debt, and frees the debt with the outcome', async () => {
    const held = await newDebt(120);
    const free = await newDebt(80);
    const first = await pendingIntent(held, 1);
    expect(await heldCharges(server, first.id)).toEqual([held.id]);

    const secondId = newId();
    const second = await pay([held.id, free.id], await totalOf([held.id, free.id]), secondId);
    expect(second.status, second.text).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'PAYMENT_IN_PROGRESS', messageKey: 'errors:paymentInProgress' });
    expect(await providerCharges(server, secondId)).toBe(0);
    expect((await as('GET', `/api/binyan/my/payments/${secondId}`)).status).toBe(404);
    const other = await pay([free.id], await totalOf([free.id]));
    expect(other.body.record?.status, other.text).toBe('succeeded');

    // The tenant's app asks for the first one's outcome: it is charged once and lets go of the debt.
    const finished = await as('GET', `/api/binyan/my/payments/${first.id}`);
    expect(finished.body.record).toMatchObject({ id: first.id, status: 'succeeded' });
    expect(await providerCharges(server, first.id)).toBe(1);
    expect(await heldCharges(server, first.id)).toEqual([]);
    const again = await pay([held.id], 1);
    expect(again.status).toBe(422);
    expect(again.body.error?.messageKey).toBe('errors:debtAlreadyPaid');
  });

  it('finishes an intent left unfinished for ten minutes before another pays the same debt', async () => {
    // Its card is still there: it is charged (once), and the new intent finds the debt paid.
    const debt = await newDebt(200);
    const stale = await pendingIntent(debt, 11);
    const total = await totalOf([debt.id]);
    const id = newId();
    const late = await pay([debt.id], total, id);
    expect(late.status, late.text).toBe(422);
    expect(late.body.error?.messageKey).toBe('errors:debtAlreadyPaid');
    expect(await providerCharges(server, stale.id)).toBe(1);
    expect(await providerCharges(server, id)).toBe(0);
    expect((await as('GET', `/api/binyan/my/payments/${stale.id}`)).body.record?.status).toBe('succeeded');

    // Its one-time card is gone: it fails without a charge, and the new intent pays.
    const other = await newDebt(210);
    const oneTime = (await as('POST', '/api/binyan/my/cards', await enteredCard(() => as('POST', '/api/binyan/my/cards/entry', {}), testCards.success))).body
      .record as Card;
    const abandoned = await pendingIntent(other, 11, oneTime.id);
    expect((await as('DELETE', `/api/binyan/my/cards/${oneTime.id}`)).status).toBe(200);
    const paid = await pay([other.id], await totalOf([other.id]));
    expect(paid.body.record?.status, paid.text).toBe('succeeded');
    expect((await as('GET', `/api/binyan/my/payments/${abandoned.id}`)).body.record).toMatchObject({ status: 'failed', errorKey: 'invalidCardNumber' });
    expect(await providerCharges(server, abandoned.id)).toBe(0);
  });
});

describe('a pending intent finished later', () => {
  it('checks its debts first: paid meanwhile by checks, it fails without a charge and lets go of the debt', async () => {
    const debt = await newDebt(150);
    const intent = await pendingIntent(debt, 2);
    await payByChecks(server, { buildingId: home.buildingId, apartmentId: home.apartmentId, chargeId: debt.id, amountAgorot: debt.openAgorot });
    const before = await account();
    const finished = await as('GET', `/api/binyan/my/payments/${intent.id}`);
    expect(finished.body.record).toMatchObject({ status: 'failed', errorKey: 'debtAlreadyPaid', receiptNumber: null });
    expect(await providerCharges(server, intent.id)).toBe(0);
    expect(await heldCharges(server, intent.id)).toEqual([]);
    expect((await account()).balanceAgorot).toBe(before.balanceAgorot);
  });

  it('records a charge an earlier attempt made, even when the debt was paid meanwhile: money taken is never dropped', async () => {
    const debt = await newDebt(90);
    const intent = await pendingIntent(debt, 2);
    // The process sent it to the provider and stopped before writing the outcome.
    const db = openDatabase(server.database);
    try {
      const token = (await db.first(db.q.selectFrom('saved_cards').select('token').where('id', '=', card.id)))?.token ?? '';
      const made = await referenceProvider(db, () => new Date()).charge({
        merchant: merchantOf(1001),
        token,
        amountAgorot: intent.totalAgorot,
        idempotencyKey: intent.id,
      });
      expect(made.ok).toBe(true);
    } finally {
      await db.close();
    }
    await payByChecks(server, { buildingId: home.buildingId, apartmentId: home.apartmentId, chargeId: debt.id, amountAgorot: debt.openAgorot });
    const before = await account();
    const finished = await as('GET', `/api/binyan/my/payments/${intent.id}`);
    expect(finished.body.record).toMatchObject({ status: 'succeeded', receiptNumber: expect.any(Number) });
    expect(await providerCharges(server, intent.id)).toBe(1);
    // The debt was paid twice: what the card paid is the apartment's credit.
    expect((await account()).balanceAgorot).toBe(before.balanceAgorot - debt.openAgorot);
  });
});

describe('a payment inside a sync batch', () => {
  it('is refused (it needs its own request: the provider is never called inside the batch’s commit), as is saving a card', async () => {
    const debt = await newDebt(60);
    const total = await totalOf([debt.id]);
    const id = newId();
    const before = await chargedAtProvider();
    const items = [
      {
        key: id,
        method: 'POST',
        path: 'binyan/my/payments',
        body: { id, apartmentId: home.apartmentId, chargeIds: [debt.id], cardId: card.id, expectedTotalAgorot: total },
        record: `payments:${id}`,
      },
      { key: newId(), method: 'POST', path: 'binyan/my/cards', body: { id: newId(), entryId: newId(), keep: true }, record: 'cards:new' },
    ];
    const batch = await call<{ results: { status: number; body: { error?: { code: string; messageKey: string } } }[] }>(
      server,
      'POST',
      '/api/binyan/sync/batch',
      { token: moshe, body: { items } },
    );
    expect(batch.status, batch.text).toBe(200);
    for (const result of batch.body.results) {
      expect(result.status).toBe(422);
      expect(result.body.error).toMatchObject({ code: 'BATCH_PATH_REFUSED', messageKey: 'errors:batchPathRefused' });
    }
    expect(await chargedAtProvider()).toBe(before);
    expect((await as('GET', `/api/binyan/my/payments/${id}`)).status).toBe(404);
    // The same payment on its own goes through.
    expect((await pay([debt.id], total, id)).body.record?.status).toBe('succeeded');
  });
});
