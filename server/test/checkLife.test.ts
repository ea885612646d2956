// Each check's own life (issue 29 §5): a confirmed payment's checks start received; a post-dated one is
// deposited only from its own date; then cleared or bounced. A bounce reopens what the check settled with
// a reversing ledger row of its own kind, 'bounce' (the payment stays), and charges the building's bounce
// fee in effect; two bounces at once reopen once; the tenant's home, the yearly statements, the owners'
// report and the accountant's export show it as a bounced check, never as a refund. Only management staff and the
// building's committee see or move checks. The seed's sent payment 5003 holds two post-dated checks
// (₪200 in 30 days, ₪150 in 60): the test clock moves forward to reach their dates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { z } from 'zod';
import { openDatabase } from '../src/db/open.ts';
import { fromJson } from '../src/db/records.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { nisOf } from '../../src/lib/agorot.ts';
import { formatNis } from '../../src/lib/money.ts';
import { pdfLines } from './pdfContent.ts';
import { approveTerms } from './terms.ts';

type Life = {
  CheckGuid: string;
  status: string;
  depositDate: string;
  amountAgorot: number;
  apartmentId: string;
  paymentId: string;
  actions: string[];
  depositedBy: string | null;
  clearedBy: string | null;
  bouncedBy: string | null;
  bouncedAt: string | null;
};
type Body = {
  record?: Life & { effectiveFrom?: string };
  records?: Life[];
  changed?: boolean;
  today?: string;
  inEffectAgorot?: number;
  error?: { messageKey: string; field?: string };
  apartments?: {
    apartmentId: string;
    debts: { id: string; paid: boolean; reopenedByCheck: string | null }[];
    history: { kind: string; method: string; amountAgorot: number }[];
    bouncedChecks: { checkGuid: string; amountAgorot: number }[];
  }[];
};
type Group = { ID: number; ChecksHeaderGuid: string };

const DAY = 86_400_000;
let server: TestServer;
let db: Database;
const tokens = new Map<string, string>();
const people = ['avi', 'miri', 'rina', 'moshe', 'tali', 'eli', 'admin'];

async function signInAll(): Promise<void> {
  for (const name of people) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
}

const as = (user: string | null, method: string, path: string, body?: unknown) =>
  call<Body>(server, method, path, { ...(user ? { token: tokens.get(user) ?? '' } : {}), ...(body !== undefined ? { body } : {}), idempotencyKey: newId() });
const list = (user: string, query = '') => as(user, 'GET', `/api/binyan/buildings/101/checks${query}`);
const act = (user: string | null, guid: string, action: string) => as(user, 'POST', `/api/binyan/checks/${guid}/${action}`);

/** The seed's payment 5003, sent and its deposit confirmed by the worker (the flow of the checks screen). */
async function confirmPayment(id: number): Promise<string> {
  const token = tokens.get('avi') ?? '';
  const login = await loginAs(server, 'avi');
  const groups = await call<{ records: Group[] }>(server, 'GET', '/api/binyan/check/toFill', { token });
  const group = groups.body.records.find((g) => g.ID === id);
  if (!group) throw new Error(`no payment ${id}`);
  const send = (path: string, body: unknown) => call(server, 'POST', `/api/binyan/check${path}`, { token, body, idempotencyKey: newId() });
  const sent = await call(server, 'PUT', '/api/binyan/check/submitChecksHeader', {
    token,
    body: { ...group, WorkerGuid: String(login.user.workerGUID), SendAnyway: true },
    idempotencyKey: newId(),
  });
  expect(sent.status, sent.text).toBe(200);
  server.depositCodes.delete('avi');
  expect((await send('/deposit/start', { ChecksHeaderGuid: group.ChecksHeaderGuid })).status).toBe(200);
  const code = await server.waitForDeposit('avi');
  const confirmed = await send('/deposit/confirm', { ChecksHeaderGuid: group.ChecksHeaderGuid, code });
  expect(confirmed.status, confirmed.text).toBe(200);
  return group.ChecksHeaderGuid;
}

const ledgerOf = async (sourceKind: string, sourceId: string) =>
  db.all(
    db.q.selectFrom('ledger_entries').select(['id', 'kind', 'amountAgorot', 'settles']).where('sourceKind', '=', sourceKind).where('sourceId', '=', sourceId),
  );

const settlesOf = (value: unknown) => z.array(z.object({ chargeId: z.string(), amountAgorot: z.number() })).parse(fromJson(value ?? '[]'));

let checks: Life[] = [];

beforeAll(async () => {
  server = await startTestServer({ sessionIdleMinutes: 60 * 24 * 365 });
  db = openDatabase(server.database);
  // The payer of 5003 is the one who signs in as the demo owner (the seed gives moshe another home).
  const payer = await db.first(db.q.selectFrom('check_groups').select('ContactGuid').where('ID', '=', 5003));
  await db.run(
    db.q
      .updateTable('users')
      .set({ contactId: payer?.ContactGuid ?? null })
      .where('userName', '=', 'moshe'),
  );
  await signInAll();
  await approveTerms(server, tokens.get('moshe') ?? '');
  await confirmPayment(5003);
  checks = (await list('rina')).body.records ?? [];
});
afterAll(async () => {
  await db.close();
  await server.close();
});

describe('a check’s life', () => {
  it('a confirmed payment’s checks start received, and a post-dated check waits for its own date', async () => {
    expect(checks.map((c) => [c.status, c.amountAgorot, c.actions])).toEqual([
      ['received', 20_000, []],
      ['received', 15_000, []],
    ]);
    const [first] = checks;
    if (!first) throw new Error('no check');
    const early = await act('rina', first.CheckGuid, 'deposit');
    expect(early.status).toBe(422);
    expect(early.body.error).toMatchObject({ messageKey: 'errors:checkNotDueYet', field: 'DepositDate' });
    expect((await act('rina', first.CheckGuid, 'bounce')).body.error?.messageKey).toBe('errors:checkActionNotAllowed');
    expect((await act('rina', first.CheckGuid, 'clear')).body.error?.messageKey).toBe('errors:checkActionNotAllowed');
  });

  it('is deposited on its date; two bounces at once reopen what it settled once, with the bounce fee; the tenant’s home shows it', async () => {
    server.clock.advance(31 * DAY);
    const [first, second] = checks;
    if (!first || !second) throw new Error('no checks');
    const due = await list('rina', `?dueBy=${first.depositDate}&status=received`);
    expect(due.body.records?.map((c) => [c.CheckGuid, c.actions])).toEqual([[first.CheckGuid, ['deposit']]]);

    const deposited = await act('rina', first.CheckGuid, 'deposit');
    expect(deposited.status, deposited.text).toBe(200);
    expect(deposited.body.record).toMatchObject({ status: 'deposited', depositedBy: 'rina', actions: ['clear', 'bounce'] });

    const fee = await as('miri', 'POST', '/api/binyan/buildings/101/bounce-fees', { effectiveFrom: due.body.today, amountAgorot: 5_000 });
    expect(fee.status, fee.text).toBe(201);
    expect((await as('rina', 'GET', '/api/binyan/buildings/101/bounce-fees')).body.inEffectAgorot).toBe(5_000);

    const payment = await ledgerOf(
      'checkGroup',
      (await db.first(db.q.selectFrom('check_life').select('ChecksHeaderGuid').where('CheckGuid', '=', first.CheckGuid)))?.ChecksHeaderGuid ?? '',
    );
    const before = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.find((a) => a.apartmentId === first.apartmentId);

    const both = await Promise.all([act('rina', first.CheckGuid, 'bounce'), act('miri', first.CheckGuid, 'bounce')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.changed).sort()).toEqual([false, true]);
    expect(both.map((r) => r.body.record?.status)).toEqual(['bounced', 'bounced']);

    const reversal = await ledgerOf('checkBounce', first.CheckGuid);
    expect(reversal.map((r) => [r.kind, Number(r.amountAgorot)])).toEqual([['bounce', 20_000]]);
    const reopened = settlesOf(reversal[0]?.settles);
    const paid = settlesOf(payment[0]?.settles);
    expect(reopened.reduce((s, r) => s + r.amountAgorot, 0)).toBe(
      Math.min(
        20_000,
        paid.reduce((s, r) => s + r.amountAgorot, 0),
      ),
    );
    expect(reopened.every((r) => paid.some((p) => p.chargeId === r.chargeId))).toBe(true);
    expect((await ledgerOf('checkBounceFee', first.CheckGuid)).map((r) => [r.kind, Number(r.amountAgorot)])).toEqual([['charge', 5_000]]);
    // Nothing that moved money is deleted: the payment is still there.
    expect(payment).toHaveLength(1);
    expect(await db.first(db.q.selectFrom('ledger_entries').select('id').where('id', '=', first.paymentId))).toBeDefined();

    // A repeat changes nothing; a bounced check is neither cleared nor deposited again.
    const again = await act('rina', first.CheckGuid, 'bounce');
    expect(again.body).toMatchObject({ changed: false, record: { status: 'bounced', actions: [] } });
    expect((await act('rina', first.CheckGuid, 'clear')).body.error?.messageKey).toBe('errors:checkActionNotAllowed');
    expect(await ledgerOf('checkBounce', first.CheckGuid)).toHaveLength(1);

    const home = (await as('moshe', 'GET', '/api/binyan/my/account')).body.apartments?.find((a) => a.apartmentId === first.apartmentId);
    expect(home).toBeDefined();
    expect(home?.bouncedChecks.map((c) => [c.checkGuid, c.amountAgorot])).toEqual([[first.CheckGuid, 20_000]]);
    expect(home?.history.filter((h) => h.method === 'bouncedCheck').map((h) => [h.kind, h.amountAgorot])).toEqual([['bounce', 20_000]]);
    const checkNumber = (await db.first(db.q.selectFrom('check_life').select('checkNumber').where('CheckGuid', '=', first.CheckGuid)))?.checkNumber ?? '';
    // Each reopened debt says which bounced check made it owed again; the fee is a charge of its own.
    for (const r of reopened) expect(home?.debts.find((d) => d.id === r.chargeId)).toMatchObject({ paid: false, reopenedByCheck: checkNumber });
    expect(home?.debts.find((d) => d.id === `bouncefee:${first.CheckGuid}`)?.reopenedByCheck).toBeNull();
    expect(before?.bouncedChecks).toEqual([]);
  });

  it('the statements, the owners’ report and the accountant’s export show the bounce as a bounced check, not a refund', async () => {
    const first = checks[0];
    if (!first) throw new Error('no check');
    const today = (await list('rina')).body.today ?? '';
    const [year, month] = [Number(today.slice(0, 4)), today.slice(0, 7)];
    const [bounce] = await ledgerOf('checkBounce', first.CheckGuid);
    if (!bounce) throw new Error('no bounce');

    const statement = await call<{ rows: { apartmentId: string; refundedAgorot: number; bouncedAgorot: number }[] }>(
      server,
      'GET',
      `/api/binyan/buildings/101/statement?year=${year}`,
      { token: tokens.get('rina') ?? '' },
    );
    expect(statement.body.rows.find((r) => r.apartmentId === first.apartmentId)).toMatchObject({ refundedAgorot: 0, bouncedAgorot: 20_000 });

    const res = await fetch(`${server.baseUrl}/api/binyan/apartments/${first.apartmentId}/statement.pdf?year=${year}&lang=en`, {
      headers: { authorization: tokens.get('rina') ?? '' },
    });
    const lines = await pdfLines(Buffer.from(await res.arrayBuffer()));
    expect(lines).toContain('Total of bounced checks');
    expect(lines.filter((l) => l.startsWith('Bounced check '))).toHaveLength(1);
    expect(lines).toContain(formatNis(nisOf(20_000), 'en'));

    const half = Number(today.slice(5, 7)) <= 6 ? 1 : 2;
    const report = await call<{
      book: { id: string; kind: string; incomeAgorot: number; expenseAgorot: number }[];
      incomeAgorot: number;
      expensesAgorot: number;
    }>(server, 'GET', `/api/binyan/buildings/101/half-year-report?year=${year}&half=${half}`, { token: tokens.get('rina') ?? '' });
    // Income taken back (the check's money never came in), not an expense of the building.
    expect(report.body.book.find((l) => l.id === bounce.id)).toMatchObject({ kind: 'bounce', incomeAgorot: -20_000, expenseAgorot: 0 });

    const csv = await fetch(`${server.baseUrl}/api/binyan/buildings/101/ledger-export.csv?month=${month}`, {
      headers: { authorization: tokens.get('rina') ?? '' },
    });
    const row = (await csv.text()).split('\r\n').find((l) => l.startsWith(`${bounce.id},`));
    expect(row?.split(',').slice(1, 3)).toEqual(['bounce', today]);
    expect(row).toContain(`checkBounce:${first.CheckGuid}`);
  });

  it('a deposited check clears, and a cleared one never bounces', async () => {
    server.clock.advance(30 * DAY);
    const second = checks[1];
    if (!second) throw new Error('no check');
    expect((await act('miri', second.CheckGuid, 'deposit')).body.record?.status).toBe('deposited');
    const cleared = await act('admin', second.CheckGuid, 'clear');
    expect(cleared.body.record).toMatchObject({ status: 'cleared', clearedBy: 'admin', actions: [] });
    expect((await act('rina', second.CheckGuid, 'bounce')).body.error?.messageKey).toBe('errors:checkActionNotAllowed');
    expect(await ledgerOf('checkBounce', second.CheckGuid)).toHaveLength(0);
  });
});

describe('who may see and move checks', () => {
  it('not a tenant, a renter, a supplier, a worker of another company, or nobody', async () => {
    const guid = checks[1]?.CheckGuid ?? '';
    for (const user of ['moshe', 'tali', 'eli', 'other']) {
      expect((await list(user)).status, user).toBe(403);
      expect((await act(user, guid, 'bounce')).status, user).toBe(403);
      expect((await as(user, 'GET', '/api/binyan/buildings/101/bounce-fees')).status, user).toBe(403);
      expect((await as(user, 'POST', '/api/binyan/buildings/101/bounce-fees', { effectiveFrom: '2041-01-01', amountAgorot: 1 })).status, user).toBe(403);
    }
    expect((await list('avi')).status).toBe(403);
    expect((await as(null, 'GET', '/api/binyan/buildings/101/checks')).status).toBe(401);
    expect((await act(null, guid, 'bounce')).status).toBe(401);
  });

  it('a committee sees and moves only its own building’s checks; staff only their company’s', async () => {
    expect((await as('rina', 'GET', '/api/binyan/buildings/102/checks')).status).toBe(403);
    expect((await as('rina', 'POST', '/api/binyan/buildings/102/bounce-fees', { effectiveFrom: '2041-01-01', amountAgorot: 1 })).status).toBe(403);
    expect((await as('admin', 'GET', '/api/binyan/buildings/201/checks')).status).toBe(403);
    // A check of building 102 (a copy of a received one, moved there): not rina's to deposit.
    const source = await db.first(
      db.q
        .selectFrom('check_life')
        .selectAll()
        .where('CheckGuid', '=', checks[0]?.CheckGuid ?? ''),
    );
    if (!source) throw new Error('no row');
    const elsewhere = newId();
    await db.run(db.q.insertInto('check_life').values({ ...source, CheckGuid: elsewhere, buildingId: 102, status: 'received', depositDate: '2000-01-01' }));
    expect((await act('rina', elsewhere, 'deposit')).status).toBe(403);
    expect((await db.first(db.q.selectFrom('check_life').select('status').where('CheckGuid', '=', elsewhere)))?.status).toBe('received');
    expect((await act('miri', elsewhere, 'deposit')).body.record?.status).toBe('deposited');
    // Another company's check is not found at all.
    await db.run(
      db.q
        .insertInto('check_life')
        .values({ ...source, CheckGuid: `${elsewhere}-b`, companyId: 2002, buildingId: 201, status: 'received', depositDate: '2000-01-01' }),
    );
    expect((await act('admin', `${elsewhere}-b`, 'deposit')).status).toBe(404);
  });

  it('refuses a bounce fee that is not whole non-negative agorot from a real date', async () => {
    const bad = await as('rina', 'POST', '/api/binyan/buildings/101/bounce-fees', { effectiveFrom: '2041-13-01', amountAgorot: 100 });
    expect(bad.status).toBe(422);
    expect((await as('rina', 'POST', '/api/binyan/buildings/101/bounce-fees', { effectiveFrom: '2041-01-01', amountAgorot: 10.5 })).body.error?.field).toBe(
      'amountAgorot',
    );
  });
});
