// Corrections without deleting money (issue 29 item 6): management staff credit all or part of a wrong
// charge with a credit row (reason; who and when from the session and the server's clock); a charge is
// never credited beyond its amount, also when partial credits arrive at once; the tenant's home and the
// books show the credit; no row that moved money can be deleted. On the engine under test (TEST_DB).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledger } from '../src/data/ledger.ts';
import { openDatabase } from '../src/db/open.ts';
import { israelLocalDate } from '../src/util/dates.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Row = {
  id: string;
  kind: string;
  amountAgorot: number;
  apartmentId: string | null;
  description: string;
  createdBy: string;
  createdAt: string;
  date: string;
  sourceKind: string | null;
  settles: { chargeId: string; amountAgorot: number }[];
  version: number;
};
type Debt = { id: string; openAgorot: number; description: string };
type History = { id: string; kind: string; method: string; amountAgorot: number; description: string };
type Account = { apartmentId: string; buildingId: number; balanceAgorot: number; debts: Debt[]; history: History[] };
type Body = { record?: Row; records?: Row[]; apartments?: Account[]; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  // A manager of another company: the only staff a charge of this company is hidden from.
  const db = openDatabase(server.database);
  try {
    await db.run(db.q.updateTable('users').set({ role: 'manager' }).where('userName', '=', 'other'));
  } finally {
    await db.close();
  }
  for (const name of ['miri', 'admin', 'rina', 'moshe', 'avi', 'eli']) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown, key = newId()) =>
  call<Body>(server, method, path, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}), idempotencyKey: key });
const account = async (): Promise<Account> => {
  const first = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.[0];
  if (!first) throw new Error('moshe has an apartment');
  return first;
};
const ledgerOf = async (buildingId: number) => (await as('miri', 'GET', `/api/binyan/buildings/${buildingId}/ledger`)).body.records ?? [];

/** A new 300 ₪ charge to moshe's apartment; its ledger id. */
async function newCharge(): Promise<{ id: string; account: Account }> {
  const mine = await account();
  const id = newId();
  const reply = await as('miri', 'POST', '/api/binyan/charges', {
    id,
    buildingId: mine.buildingId,
    apartmentId: mine.apartmentId,
    reason: 'special',
    description: `Gate ${id.slice(0, 6)}`,
    amount: 300,
    dueDate: '2026-12-10',
  });
  expect(reply.status, reply.text).toBe(201);
  return { id, account: mine };
}
const credit = (user: string, chargeId: string, amountAgorot: number, reason = 'Charged twice by mistake', id = newId(), key = newId()) =>
  as(user, 'POST', `/api/binyan/charges/${chargeId}/credits`, { id, amountAgorot, reason }, key);

describe('credits of a charge', () => {
  it('credits part of a charge once per key: who and when are the session’s and the server’s, the tenant owes less and sees why', async () => {
    const { id: chargeId, account: before } = await newCharge();
    const creditId = newId();
    const key = newId();
    const first = await as(
      'miri',
      'POST',
      `/api/binyan/charges/${chargeId}/credits`,
      { id: creditId, amountAgorot: 10_000, reason: ' Wrong amount ', createdBy: 'someone else', date: '2020-01-01' },
      key,
    );
    expect(first.status, first.text).toBe(201);
    expect(first.body.record).toMatchObject({
      id: creditId,
      kind: 'credit',
      amountAgorot: 10_000,
      description: 'Wrong amount',
      createdBy: 'miri',
      date: israelLocalDate(server.clock.now()),
      sourceKind: 'credit',
      settles: [{ chargeId, amountAgorot: 10_000 }],
    });
    const repeat = await as(
      'miri',
      'POST',
      `/api/binyan/charges/${chargeId}/credits`,
      { id: creditId, amountAgorot: 10_000, reason: ' Wrong amount ', createdBy: 'someone else', date: '2020-01-01' },
      key,
    );
    expect(repeat.text).toBe(first.text);

    const after = await account();
    expect(after.balanceAgorot).toBe(before.balanceAgorot + 30_000 - 10_000);
    expect(after.debts.find((d) => d.id === chargeId)?.openAgorot).toBe(20_000);
    expect(after.history[0]).toMatchObject({ id: creditId, kind: 'credit', method: 'credit', amountAgorot: 10_000, description: 'Wrong amount' });
    // The books keep the charge and show the credit beside it.
    const rows = await ledgerOf(after.buildingId);
    expect(rows.find((r) => r.id === chargeId)).toMatchObject({ kind: 'charge', amountAgorot: 30_000 });
    expect(rows.filter((r) => r.kind === 'credit' && r.settles.some((s) => s.chargeId === chargeId)).map((r) => r.amountAgorot)).toEqual([10_000]);
  });

  it('credits the rest in full, then refuses more; refuses what is not a charge, no reason and a bad amount', async () => {
    const { id: chargeId } = await newCharge();
    expect((await credit('admin', chargeId, 30_001)).body.error).toMatchObject({ field: 'amount', messageKey: 'errors:creditTooLarge' });
    expect((await credit('admin', chargeId, 0)).body.error).toMatchObject({ field: 'amount', messageKey: 'errors:invalidAmount' });
    expect((await credit('admin', chargeId, 10.5)).body.error).toMatchObject({ field: 'amount', messageKey: 'errors:invalidAmount' });
    expect((await credit('admin', chargeId, 100, '   ')).body.error).toMatchObject({ field: 'reason', messageKey: 'errors:requiredField' });
    expect((await credit('admin', chargeId, 12_000)).status).toBe(201);
    expect((await credit('admin', chargeId, 18_000)).status).toBe(201);
    const more = await credit('admin', chargeId, 1);
    expect(more.status).toBe(422);
    expect(more.body.error).toMatchObject({ messageKey: 'errors:creditTooLarge' });
    expect((await account()).debts.some((d) => d.id === chargeId)).toBe(false);
    const firstCredit = (await ledgerOf((await account()).buildingId)).find((r) => r.kind === 'credit' && r.settles.some((s) => s.chargeId === chargeId));
    expect((await credit('admin', firstCredit?.id ?? '', 1)).body.error).toMatchObject({ messageKey: 'errors:notACharge' });
  });

  it('never credits beyond the charge when partial credits arrive at once', async () => {
    const { id: chargeId, account: mine } = await newCharge();
    // Five credits of 80 ₪ at once against 300 ₪: three fit, two are refused.
    const replies = await Promise.all(Array.from({ length: 5 }, () => credit('miri', chargeId, 8_000)));
    expect(replies.map((r) => r.status).sort(), replies.map((r) => r.text).join('\n')).toEqual([201, 201, 201, 422, 422]);
    for (const r of replies.filter((x) => x.status === 422)) expect(r.body.error?.messageKey).toBe('errors:creditTooLarge');
    const credited = (await ledgerOf(mine.buildingId)).filter((r) => r.kind === 'credit' && r.settles.some((s) => s.chargeId === chargeId));
    expect(credited.reduce((s, r) => s + r.amountAgorot, 0)).toBe(24_000);
    expect((await account()).debts.find((d) => d.id === chargeId)?.openAgorot).toBe(6_000);
  });

  it('is for management staff of the charge’s company only: refused to the committee, a worker, a tenant, a supplier, another company’s manager and nobody', async () => {
    const { id: chargeId } = await newCharge();
    for (const user of ['rina', 'avi', 'moshe', 'eli']) {
      const reply = await credit(user, chargeId, 100);
      expect(reply.status, `${user}: ${reply.text}`).toBe(403);
    }
    const foreign = await credit('other', chargeId, 100);
    expect(foreign.status, foreign.text).toBe(404);
    const nobody = await call<Body>(server, 'POST', `/api/binyan/charges/${chargeId}/credits`, {
      body: { id: newId(), amountAgorot: 100, reason: 'x' },
      idempotencyKey: newId(),
    });
    expect(nobody.status).toBe(401);
    expect((await credit('miri', newId(), 100)).status).toBe(404);
    // None of them wrote anything.
    expect((await account()).debts.find((d) => d.id === chargeId)?.openAgorot).toBe(30_000);
  });

  it('keeps every row that moved money: a credit, a credited charge and a payment cannot be deleted', async () => {
    const { id: chargeId, account: mine } = await newCharge();
    const made = await credit('miri', chargeId, 5_000);
    const creditRow = made.body.record;
    if (!creditRow) throw new Error(made.text);
    for (const user of ['miri', 'rina']) {
      for (const id of [creditRow.id, chargeId]) {
        const reply = await as(user, 'DELETE', `/api/binyan/ledger-entries/${id}?baseVersion=1`);
        expect(reply.status, `${user} ${id}: ${reply.text}`).toBe(422);
        expect(reply.body.error?.messageKey).toBe('errors:manualEntryOnly');
      }
    }
    const payment = (await ledgerOf(mine.buildingId)).find((r) => r.kind === 'payment');
    if (payment) expect((await as('miri', 'DELETE', `/api/binyan/ledger-entries/${payment.id}?baseVersion=${payment.version}`)).status).toBe(422);
    // Nor can any code path: the ledger's own remove leaves a credit (and a payment, a refund) in place.
    const db = openDatabase(server.database);
    try {
      expect((await ledger.remove(db, creditRow.id, 1001)).changes).toBe(0);
    } finally {
      await db.close();
    }
    const rows = await ledgerOf(mine.buildingId);
    expect(rows.some((r) => r.id === creditRow.id) && rows.some((r) => r.id === chargeId)).toBe(true);
  });
});
