// Tenants pay by card (issue 14; spec 5, 8, 9): my apartment from the ledger, a card kept or not, the
// fee and VAT quoted before paying, one charge per payment however often it is sent, the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { holdApartment, providerCharges, setCardPayments, roomyCardLimits } from './paymentState.ts';
import { enteredCard } from './cardEntry.ts';

type Debt = { id: string; kind: string; openAgorot: number; dueDate: string; paid: boolean };
type Account = {
  apartmentId: string;
  buildingId: number;
  balanceAgorot: number;
  cardPayments: boolean;
  debts: Debt[];
  history: { method: string; amountAgorot: number; receiptNumber: number | null; paymentId: string | null }[];
};
type Card = { id: string; last4: string; expiry: string; cardKind: string; kept: boolean };
type Quote = { subtotal: number; feeNet: number; feeVat: number; total: number; vatBasisPoints: number };
type Payment = {
  id: string;
  status: string;
  receiptNumber: number | null;
  totalAgorot: number;
  subtotalAgorot: number;
  errorKey: string | null;
  lines: { chargeId: string; amountAgorot: number }[];
};
type Body = {
  record?: Payment & Card;
  records?: Card[];
  quote?: Quote;
  apartments?: Account[];
  cards?: Card[];
  error?: { code: string; messageKey: string; field?: string; current?: unknown };
};

let server: TestServer;
let moshe: string;

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  moshe = (await loginAs(server, 'moshe')).token;
  await approveTerms(server, moshe);
});
afterAll(async () => server.close());

const as = (token: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, path, { token, ...(body !== undefined ? { body } : {}), ...(key ? { idempotencyKey: key } : {}) });
const account = async (token = moshe) => {
  const reply = await as(token, 'GET', '/api/binyan/my/account');
  expect(reply.status, reply.text).toBe(200);
  const [first] = reply.body.apartments ?? [];
  if (!first) throw new Error('the demo tenant has an apartment');
  return first;
};
const addCard = async (number: string, keep: boolean | null = true, token = moshe) =>
  as(token, 'POST', '/api/binyan/my/cards', await enteredCard(() => as(token, 'POST', '/api/binyan/my/cards/entry', {}), number, keep));
const quote = async (apartmentId: string, chargeIds: string[], cardId: string) =>
  as(moshe, 'POST', '/api/binyan/my/payments/quote', { apartmentId, chargeIds, cardId });
const pay = async (apartmentId: string, chargeIds: string[], cardId: string, expectedTotalAgorot: number, id = newId()) =>
  as(moshe, 'POST', '/api/binyan/my/payments', { id, apartmentId, chargeIds, cardId, expectedTotalAgorot }, id);

describe('my apartment', () => {
  it('shows the tenant’s apartment with its balance and open debts by kind, oldest due first', async () => {
    const a = await account();
    expect(a.cardPayments).toBe(true);
    expect(new Set(a.debts.map((d) => d.kind))).toEqual(new Set(['pastCommittee', 'currentCommittee', 'special', 'futureCommittee']));
    expect(a.debts.map((d) => d.dueDate)).toEqual(a.debts.map((d) => d.dueDate).sort());
    expect(a.balanceAgorot).toBe(a.debts.reduce((s, d) => s + d.openAgorot, 0));
    expect(a.history).toEqual([]);
  });

  it('is refused to staff, and a tenant cannot pay for an apartment that is not theirs', async () => {
    const miri = (await loginAs(server, 'miri')).token;
    expect((await as(miri, 'GET', '/api/binyan/my/account')).status).toBe(403);
    const card = (await addCard(testCards.success)).body.record as Card;
    const reply = await quote(await otherApartment(miri, (await account()).apartmentId), [], card.id);
    expect(reply.status).toBe(404);
    expect(reply.body.error).toMatchObject({ code: 'NO_APARTMENT', messageKey: 'errors:noApartment' });
  });
});

async function otherApartment(staffToken: string, mine: string): Promise<string> {
  const list = (await call<{ records: { id: string }[] }>(server, 'GET', '/api/binyan/buildings/101/apartments', { token: staffToken })).body.records;
  return list.find((a) => a.id !== mine)?.id ?? '';
}

describe('cards', () => {
  it('requires keep-card-details to be chosen and a valid number, and keeps only last 4, expiry and kind', async () => {
    const unchosen = await addCard(testCards.success, null);
    expect(unchosen.status).toBe(422);
    expect(unchosen.body.error).toMatchObject({ field: 'keep', messageKey: 'errors:keepCardChoiceRequired' });
    // A number the provider's page refused leaves its entry unfinished: nothing to redeem.
    const bad = await addCard('4580000000000001');
    expect(bad.body.error).toMatchObject({ code: 'CARD_REFUSED', field: 'card', messageKey: 'errors:cardEntryNotFinished' });
    const kept = await addCard(testCards.success, true);
    expect(kept.status).toBe(201);
    expect(kept.body.record).toMatchObject({ last4: '0000', expiry: '12/30', cardKind: 'local', kept: true });
    expect(kept.text).not.toContain(testCards.success);
    const once = await addCard(testCards.foreign, false);
    const listed = (await as(moshe, 'GET', '/api/binyan/my/cards')).body.records ?? [];
    expect(listed.map((c) => c.id)).toContain(kept.body.record?.id);
    expect(listed.map((c) => c.id)).not.toContain(once.body.record?.id);
    expect((await as(moshe, 'DELETE', `/api/binyan/my/cards/${kept.body.record?.id}`)).status).toBe(200);
    expect(((await as(moshe, 'GET', '/api/binyan/my/cards')).body.records ?? []).map((c) => c.id)).not.toContain(kept.body.record?.id);
  });
});

describe('paying by card', () => {
  it('quotes the clearing fee and its VAT for each kind of card, adding up to the total', async () => {
    const a = await account();
    const ids = a.debts.slice(0, 2).map((d) => d.id);
    const subtotal = a.debts.slice(0, 2).reduce((s, d) => s + d.openAgorot, 0);
    const fees: Record<string, number> = {};
    for (const [name, number] of Object.entries({ local: testCards.success, foreign: testCards.foreign, amex: testCards.amex, diners: testCards.diners })) {
      const card = (await addCard(number)).body.record as Card;
      expect(card.cardKind).toBe(name);
      const q = (await quote(a.apartmentId, ids, card.id)).body.quote as Quote;
      expect(q.subtotal).toBe(subtotal);
      expect(q.total).toBe(q.subtotal + q.feeNet + q.feeVat);
      fees[name] = q.feeNet;
    }
    // 1.50 NIS + 1.2 %; abroad 5 NIS more; Diners and Amex 2.5 % instead.
    expect(fees.local).toBe(150 + Math.round(subtotal * 0.012));
    expect(fees.foreign).toBe((fees.local ?? 0) + 500);
    expect(fees.amex).toBe(150 + Math.round(subtotal * 0.025));
    expect(fees.diners).toBe(fees.amex);
  });

  it('charges once under concurrent identical requests, settles the debts and gives a receipt', async () => {
    const a = await account();
    const chosen = a.debts.slice(0, 2);
    const card = (await addCard(testCards.success, false)).body.record as Card;
    const q = (
      await quote(
        a.apartmentId,
        chosen.map((d) => d.id),
        card.id,
      )
    ).body.quote as Quote;
    const id = newId();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () =>
        pay(
          a.apartmentId,
          chosen.map((d) => d.id),
          card.id,
          q.total,
          id,
        ),
      ),
    );
    for (const r of replies) {
      expect(r.status, r.text).toBe(200);
      expect(r.body.record).toMatchObject({ id, status: 'succeeded', totalAgorot: q.total, subtotalAgorot: q.subtotal });
    }
    expect(new Set(replies.map((r) => r.body.record?.receiptNumber)).size).toBe(1);
    expect(await providerCharges(server, id)).toBe(1);

    const after = await account();
    expect(after.debts.map((d) => d.id)).toEqual(a.debts.slice(2).map((d) => d.id));
    expect(after.balanceAgorot).toBe(a.balanceAgorot - q.subtotal);
    expect(after.history).toEqual([
      expect.objectContaining({ method: 'card', amountAgorot: q.subtotal, paymentId: id, receiptNumber: replies[0]?.body.record?.receiptNumber }),
    ]);
    const receipt = await as(moshe, 'GET', `/api/binyan/my/payments/${id}`);
    expect(receipt.body.record?.lines.map((l) => l.chargeId)).toEqual(chosen.map((d) => d.id));
    // A card not kept served this payment only.
    expect((await quote(after.apartmentId, [after.debts[0]?.id ?? ''], card.id)).body.error?.messageKey).toBe('errors:cardNotFound');

    // Paid debts cannot be paid again.
    const kept = (await addCard(testCards.success)).body.record as Card;
    const again = await pay(a.apartmentId, [chosen[0]?.id ?? ''], kept.id, 1);
    expect(again.status).toBe(422);
    expect(again.body.error?.messageKey).toBe('errors:debtAlreadyPaid');
  });

  it('refuses a total other than the one confirmed, and records a declined card as failed without settling', async () => {
    const a = await account();
    const debt = a.debts[0] as Debt;
    const card = (await addCard(testCards.success)).body.record as Card;
    const changed = await pay(a.apartmentId, [debt.id], card.id, 1);
    expect(changed.status).toBe(409);
    expect(changed.body.error?.messageKey).toBe('errors:paymentCannotContinue');

    for (const [number, key] of [
      [testCards.decline, 'cardDeclined'],
      [testCards.insufficientFunds, 'insufficientFunds'],
    ] as const) {
      const refused = (await addCard(number)).body.record as Card;
      const q = (await quote(a.apartmentId, [debt.id], refused.id)).body.quote as Quote;
      const reply = await pay(a.apartmentId, [debt.id], refused.id, q.total);
      expect(reply.body.record).toMatchObject({ status: 'failed', errorKey: key, receiptNumber: null });
    }
    expect((await account()).debts[0]?.openAgorot).toBe(debt.openAgorot);
  });

  it('refuses payments where the building takes no cards or the unit is in legal proceedings', async () => {
    const a = await account();
    const card = (await addCard(testCards.success)).body.record as Card;
    await setCardPayments(server, a.buildingId, false);
    expect((await quote(a.apartmentId, [a.debts[0]?.id ?? ''], card.id)).body.error?.messageKey).toBe('errors:buildingNotSetUpForCardPayments');
    await setCardPayments(server, a.buildingId, true);
    await holdApartment(server, a.apartmentId, true);
    expect((await quote(a.apartmentId, [a.debts[0]?.id ?? ''], card.id)).body.error?.messageKey).toBe('errors:unitInLegalProceedings');
    await holdApartment(server, a.apartmentId, false);
    expect((await quote(a.apartmentId, [], card.id)).body.error?.messageKey).toBe('errors:chooseDebts');
  });

  it('lists the building’s payments with their receipts for the office', async () => {
    const miri = (await loginAs(server, 'miri')).token;
    const list = await call<{ records: Payment[] }>(server, 'GET', '/api/binyan/payments?buildingId=101', { token: miri });
    expect(list.status).toBe(200);
    expect(list.body.records.filter((p) => p.status === 'succeeded').length).toBe(1);
    expect(list.text).not.toContain('providerChargeId');
  });
});
