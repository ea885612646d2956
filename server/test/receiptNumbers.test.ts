// Receipts numbered per issuer without gaps (issue 29 item 9): the issuer is the management company or the
// building's house committee, as the building's billing settings say; a number is taken in the
// transaction that records the payment, so payments at once, the same payment finished twice at once and
// a rolled-back transaction leave no gap and no repeat; standing-order runs take their numbers in the same
// sequence; a refund gets a credit document numbered in its issuer's own credit sequence. On the engine
// under test (TEST_DB); two server processes: multiProcess.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { FIRST_CREDIT_NUMBER, FIRST_RECEIPT_NUMBER, isGapFree } from '../../src/lib/domain/receiptIssuer.ts';
import type { Database } from '../src/db/database.ts';
import { openDatabase } from '../src/db/open.ts';
import { ledger } from '../src/data/ledger.ts';
import { payments } from '../src/data/payments.ts';
import { runStandingOrders } from '../src/jobs/standingOrders.ts';
import { referenceProvider } from '../src/payments/referenceProvider.ts';
import { israelLocalDate } from '../src/util/dates.ts';
import { enteredCard } from './cardEntry.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { roomyCardLimits } from './paymentState.ts';
import { drawn, pdfLines } from './pdfContent.ts';
import { approveTerms } from './terms.ts';

type Payment = { id: string; status: string; receiptNumber: number | null; receiptIssuer: string | null; totalAgorot: number };
type Refund = { id: string; status: string };
type Account = {
  apartmentId: string;
  buildingId: number;
  address: string;
  city: string;
  debts: { id: string; openAgorot: number }[];
  history: { kind: string; creditNumber: number | null }[];
};
type Body = {
  record?: Payment & Refund & { version: number; receiptIssuer: string };
  quote?: { total: number };
  apartments?: Account[];
  error?: { code: string; messageKey: string };
};

let server: TestServer;
let db: Database;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  for (const name of ['moshe', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
  await approveTerms(server, tokens.get('moshe') ?? '');
  db = openDatabase(server.database);
});
afterAll(async () => {
  await db?.close();
  await server?.close();
});

const as = (user: string, method: string, path: string, body?: unknown, key = newId()) =>
  call<Body>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}), idempotencyKey: key });
const account = async (): Promise<Account> => {
  const first = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0];
  if (!first) throw new Error('moshe has an apartment');
  return first;
};

/** `count` new charges to moshe's apartment, each its own debt. */
async function newDebts(count: number): Promise<string[]> {
  const mine = await account();
  const ids = Array.from({ length: count }, () => newId());
  for (const id of ids)
    expect(
      (
        await as('miri', 'POST', '/api/binyan/charges', {
          id,
          buildingId: mine.buildingId,
          apartmentId: mine.apartmentId,
          reason: 'special',
          description: `Fix ${id.slice(0, 6)}`,
          amount: 50,
          dueDate: '2026-12-10',
        })
      ).status,
    ).toBe(201);
  return ids;
}

let cardId = '';
async function card(): Promise<string> {
  if (!cardId) {
    const typed = await enteredCard(() => as('moshe', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success);
    cardId = (await as('moshe', 'POST', '/api/binyan/my/cards', typed)).body.record?.id ?? '';
  }
  return cardId;
}

/** What paying one debt sends (quoted now). */
async function paymentOf(chargeId: string) {
  const mine = await account();
  const quote = (await as('moshe', 'POST', '/api/binyan/my/payments/quote', { apartmentId: mine.apartmentId, chargeIds: [chargeId], cardId: await card() }))
    .body.quote;
  return { apartmentId: mine.apartmentId, chargeIds: [chargeId], cardId: await card(), expectedTotalAgorot: quote?.total };
}
const send = (body: object, id: string) => as('moshe', 'POST', '/api/binyan/my/payments', { id, ...body }, id);
/** Pays one debt under a new id. */
const pay = async (chargeId: string) => send(await paymentOf(chargeId), newId());

// In number order: a table's rows come back in no given order (PostgreSQL's follow its updates).
const numbersOf = async (issuer: string) =>
  (await db.all(db.q.selectFrom('payments').select('receiptNumber').where('receiptIssuer', '=', issuer).where('receiptNumber', 'is not', null)))
    .map((r) => Number(r.receiptNumber))
    .sort((a, b) => a - b);
const creditNumbersOf = async (issuer: string) =>
  (await db.all(db.q.selectFrom('payment_refunds').select('creditNumber').where('creditIssuer', '=', issuer).where('creditNumber', 'is not', null))).map((r) =>
    Number(r.creditNumber),
  );

describe('receipt numbers', () => {
  it('numbers payments made at once, and one payment finished twice at once, in the company’s sequence without a gap', async () => {
    const debts = await newDebts(5);
    const [twice, ...others] = debts;
    if (!twice) throw new Error('a debt');
    const sameId = newId();
    const twiceBody = await paymentOf(twice);
    const replies = await Promise.all([...others.map((d) => pay(d)), send(twiceBody, sameId), send(twiceBody, sameId)]);
    // The same intent twice at once: one records it, the other is paid too or told it exists (PostgreSQL).
    for (const r of replies) expect([200, 409], r.text).toContain(r.status);
    expect(replies.filter((r) => r.status === 409).every((r) => r.body.error?.code === 'ALREADY_EXISTS')).toBe(true);
    const again = await send(twiceBody, sameId);
    expect(again.status, again.text).toBe(200);
    const paid = [...replies.filter((r) => r.status === 200), again].map((r) => r.body.record);
    expect(new Set(paid.map((p) => p?.id)).size).toBe(5);
    for (const p of paid) expect(p).toMatchObject({ status: 'succeeded', receiptIssuer: 'company:1001' });
    const numbers = await numbersOf('company:1001');
    expect(numbers).toHaveLength(5);
    expect(isGapFree(numbers, FIRST_RECEIPT_NUMBER), numbers.join(',')).toBe(true);
  });

  it('takes no number for a transaction that rolled back', async () => {
    const before = await numbersOf('company:1001');
    const [debt] = await newDebts(1);
    await expect(
      db.tx(async (tx) => {
        await payments.numberReceipt(tx, 'no-such-payment', 'company:1001');
        throw new Error('the recording failed');
      }),
    ).rejects.toThrow('the recording failed');
    const reply = await pay(debt ?? '');
    expect(reply.body.record?.receiptNumber, reply.text).toBe(Math.max(...before) + 1);
    expect(isGapFree(await numbersOf('company:1001'), FIRST_RECEIPT_NUMBER)).toBe(true);
  });

  it('numbers a standing-order run in the same sequence', async () => {
    const before = await numbersOf('company:1001');
    const mine = await account();
    // A committee fee due, which is what a standing order pays.
    const at = server.clock.now().toISOString();
    const fee = newId();
    await ledger.insert(
      db,
      {
        id: fee,
        buildingId: mine.buildingId,
        kind: 'charge',
        date: '2026-12-01',
        amountAgorot: 25_000,
        apartmentId: mine.apartmentId,
        contactId: null,
        debtKind: 'currentCommittee',
        dueDate: '2026-12-01',
        group: null,
        description: 'Committee fee',
        settles: [],
        sourceKind: 'test',
        sourceId: fee,
        createdAt: at,
        createdBy: 'test',
        version: 1,
        updatedAt: at,
      },
      1001,
    );
    const order = await as('moshe', 'POST', '/api/binyan/my/standing-orders', {
      id: newId(),
      apartmentId: mine.apartmentId,
      cardId: await card(),
      billingDay: 1,
      frequency: 'monthly',
      startDate: israelLocalDate(server.clock.now()),
    });
    expect(order.status, order.text).toBe(201);
    const now = () => new Date('2027-01-01T10:00:00Z');
    const counts = await runStandingOrders({ db, now, nowIso: () => now().toISOString(), provider: referenceProvider(db, now) });
    expect(counts.charged, JSON.stringify(counts)).toBeGreaterThan(0);
    const numbers = await numbersOf('company:1001');
    expect(numbers.length).toBe(before.length + counts.charged);
    expect((await account()).debts.some((d) => d.id === fee)).toBe(false);
    expect(isGapFree(numbers, FIRST_RECEIPT_NUMBER)).toBe(true);
    await as('moshe', 'DELETE', `/api/binyan/my/standing-orders/${order.body.record?.id ?? ''}`);
  });

  it('numbers a building’s receipts in its committee’s own sequence once the committee issues them', async () => {
    const mine = await account();
    const current = (await as('miri', 'GET', `/api/binyan/buildings/${mine.buildingId}/billing-settings`)).body.record;
    if (!current) throw new Error('settings');
    const {
      version,
      buildingId: _b,
      updatedAt: _u,
      ...settings
    } = current as unknown as Record<string, unknown> & { version: number; buildingId: number; updatedAt: string };
    const changed = await as('miri', 'PUT', `/api/binyan/buildings/${mine.buildingId}/billing-settings`, {
      baseVersion: version,
      settings: { ...settings, receiptIssuer: 'committee' },
    });
    expect(changed.body.record?.receiptIssuer, changed.text).toBe('committee');
    const company = await numbersOf('company:1001');
    const debts = await newDebts(3);
    const replies = await Promise.all(debts.map((d) => pay(d)));
    for (const r of replies) expect(r.body.record, r.text).toMatchObject({ status: 'succeeded', receiptIssuer: `committee:${mine.buildingId}` });
    const committee = await numbersOf(`committee:${mine.buildingId}`);
    expect(committee.sort((a, b) => a - b)).toEqual([FIRST_RECEIPT_NUMBER, FIRST_RECEIPT_NUMBER + 1, FIRST_RECEIPT_NUMBER + 2]);
    expect(await numbersOf('company:1001')).toEqual(company);
    // The receipt names its issuer.
    const pdf = await fetch(`${server.baseUrl}/api/binyan/payments/${replies[0]?.body.record?.id ?? ''}/receipt.pdf?lang=en`, {
      headers: { authorization: tokens.get('moshe') ?? '' },
    });
    const lines = await pdfLines(Buffer.from(await pdf.arrayBuffer()));
    expect(lines).toContain(drawn('Issued by', 'ltr'));
    expect(lines.some((l) => l.includes(drawn(`House committee, ${mine.address}, ${mine.city}`, 'ltr')))).toBe(true);
  });

  it('gives each refund a credit document in its issuer’s own credit sequence, refunds at once included', async () => {
    const mine = await account();
    const issuer = `committee:${mine.buildingId}`;
    const paid = (await numbersOf(issuer)).length;
    const debts = await newDebts(3);
    const made = await Promise.all(debts.map((d) => pay(d)));
    const refunds = await Promise.all(
      made.map((p) => as('miri', 'POST', `/api/binyan/payments/${p.body.record?.id ?? ''}/refunds`, { id: newId(), amountAgorot: 1_000 })),
    );
    for (const r of refunds) expect(r.body.record?.status, r.text).toBe('succeeded');
    const credits = await creditNumbersOf(issuer);
    expect(credits.sort((a, b) => a - b)).toEqual([FIRST_CREDIT_NUMBER, FIRST_CREDIT_NUMBER + 1, FIRST_CREDIT_NUMBER + 2]);
    // Refunds take no receipt number: the receipt sequence only grew by the three payments.
    expect(isGapFree(await numbersOf(issuer), FIRST_RECEIPT_NUMBER)).toBe(true);
    expect((await numbersOf(issuer)).length).toBe(paid + 3);
    // The tenant's history names each refund's credit document.
    expect(
      (await account()).history
        .filter((h) => h.kind === 'refund')
        .map((h) => h.creditNumber)
        .sort(),
    ).toEqual(expect.arrayContaining([1, 2, 3]));
  });
});
