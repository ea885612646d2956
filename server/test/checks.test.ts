import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { sentToDeposit as sentToDepositIn } from './depositState.ts';

type Check = { CheckGuid: string; Amount: number; version: number; FrontImageId: string | null };
type Group = {
  ID: number;
  BatchId: string | null;
  ChecksHeaderGuid: string;
  ContactGuid: string;
  DebtIds: string[];
  Amount: number;
  Status: string;
  NumbersOfPayments: number;
  version: number;
  checks: Check[];
};
type Reply = {
  record: Group & Check;
  group: Group;
  error?: { code: string; messageKey: string };
  expectedTotal?: number;
  current?: Check;
  confirmed?: boolean;
  Image?: string;
};

let server: TestServer;
let token: string;
let workerGuid: string;
beforeAll(async () => {
  server = await startTestServer();
  const login = await loginAs(server, 'avi');
  token = login.token;
  workerGuid = String(login.user.workerGUID);
});
afterAll(async () => server.close());

const sentToDeposit = async (guid: string) => (await sentToDepositIn(server, guid)).map((c) => c.SentToDeposit);
const toFill = async () => (await call<{ records: Group[] }>(server, 'GET', '/api/binyan/check/toFill', { token })).body.records;
const send = (method: string, path: string, body: unknown, key?: string) =>
  call<Reply>(server, method, `/api/binyan/check${path}`, {
    token,
    body: { ...(body as object), SessionToken: token },
    ...(key ? { idempotencyKey: key } : {}),
  });
const newCheck = (group: string, Amount: number, extra: Record<string, unknown> = {}) => ({
  CheckGuid: newId(),
  ChecksHeaderGuid: group,
  Amount,
  DepositDate: '2030-01-15',
  BankNumber: '12',
  BranchNumber: '600',
  AccountNumber: '123456',
  CheckNumber: '1000001',
  ...extra,
});

describe('check payments', () => {
  it('lists the seeded groups to fill with their checks and images', async () => {
    const groups = await toFill();
    expect(groups.length).toBeGreaterThanOrEqual(3);
    const withCheck = groups.find((g) => g.checks.length > 0);
    expect(withCheck?.checks[0]).toMatchObject({ CheckStatus: 1, checksHeaderID: withCheck?.ID });
    const image = await call<Reply>(server, 'GET', `/api/binyan/check/image/?orientation=front&chex_checkID=${withCheck?.checks[0]?.CheckGuid}`, { token });
    expect(Buffer.from(image.body.Image ?? '', 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('refuses a total mismatch unless sent anyway; a submitted group leaves the fill list', async () => {
    const group = (await toFill()).find((g) => g.ID === 5001) as Group;
    const refused = await send('PUT', '/submitChecksHeader', { ...group, WorkerGuid: workerGuid });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'CHECKS_TOTAL_MISMATCH', messageKey: 'errors:checksTotalMismatch' });
    expect(refused.body.expectedTotal).toBe(group.Amount);
    const sent = await send('PUT', '/submitChecksHeader', { ...group, WorkerGuid: workerGuid, SendAnyway: true });
    expect(sent.status).toBe(200);
    expect(sent.body.record).toMatchObject({ Status: 'submitted', version: group.version + 1 });
    expect((await toFill()).some((g) => g.ID === 5001)).toBe(false);
    const again = await send('PUT', '/submitChecksHeader', { ...group, version: group.version + 1, SendAnyway: true });
    expect(again.body.error?.messageKey, JSON.stringify(again.body)).toBe('errors:checkGroupNotEditable');
  });

  it('creates a group from the first check, follows the check count, and compares totals in agorot', async () => {
    const seeded = (await toFill()).find((g) => g.ID === 5002) as Group;
    const guid = newId();
    expect((await send('POST', '', newCheck(guid, 10))).body.error?.messageKey).toBe('errors:missingDetailsToContinue');
    const a = await send(
      'POST',
      '',
      newCheck(guid, Math.round((seeded.Amount - 0.3) * 100) / 100, { ContactGuid: seeded.ContactGuid, DebtIds: seeded.DebtIds }),
    );
    expect(a.status).toBe(201);
    expect(a.body.group).toMatchObject({ Amount: seeded.Amount, NumbersOfPayments: 1, Status: 'draft' });
    await send('POST', '', newCheck(guid, 0.1));
    const c = await send('POST', '', newCheck(guid, 0.2));
    expect(c.body.group.NumbersOfPayments).toBe(3);
    const removed = await send('DELETE', '', { ...c.body.record });
    expect(removed.body.group.NumbersOfPayments).toBe(2);
    const group = (await toFill()).find((g) => g.ChecksHeaderGuid === guid) as Group;
    expect((await send('PUT', '/submitChecksHeader', group)).body.error?.code).toBe('CHECKS_TOTAL_MISMATCH');
    await send('POST', '', newCheck(guid, 0.2));
    const scanned = await send('PUT', '/finishScan', { ChecksHeaderGuid: guid });
    expect(scanned.body.record.Status).toBe('scanned');
    const ok = await send('PUT', '/submitChecksHeader', { ...scanned.body.record, WorkerGuid: workerGuid });
    expect(ok.status).toBe(200);
    expect(ok.body.record.BatchId).toEqual(expect.any(String));
  });

  it('updates a check by CheckGuid with its version and refuses a stale one', async () => {
    const group = (await toFill()).find((g) => g.ID === 5003) as Group;
    const check = group.checks[0] as Check;
    const updated = await send('POST', '', { ...check, Amount: 201 });
    expect(updated.status).toBe(200);
    expect(updated.body.record).toMatchObject({ Amount: 201, version: 2 });
    const stale = await send('POST', '', { ...check, Amount: 202 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ Amount: 201, version: 2 });
  });

  it('confirms a deposit with the last 6 digits of the calling number, 5 wrong tries at most', async () => {
    const group = (await toFill()).find((g) => g.ID === 5003) as Group;
    // Only a sent payment is deposited.
    expect((await send('PUT', '/submitChecksHeader', { ...group, WorkerGuid: workerGuid, SendAnyway: true })).status).toBe(200);
    const start = () => send('POST', '/deposit/start', { ChecksHeaderGuid: group.ChecksHeaderGuid });
    expect((await start()).body).not.toHaveProperty('code');
    const code = await server.waitForDeposit('avi');
    expect(
      server.logLines
        .filter((l) => l.startsWith('calling avi from '))
        .at(-1)
        ?.endsWith(code),
    ).toBe(true);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const confirm = (c: string) => send('POST', '/deposit/confirm', { ChecksHeaderGuid: group.ChecksHeaderGuid, code: c });
    expect((await confirm('12')).body.error?.messageKey).toBe('errors:invalidCode');
    for (let i = 0; i < 4; i++) expect((await confirm(wrong)).status).toBe(422);
    const locked = await confirm(code);
    expect(locked.status).toBe(429);
    expect(locked.body.error?.messageKey).toBe('errors:tooManyRequests');
    server.depositCodes.delete('avi');
    await start();
    const fresh = await server.waitForDeposit('avi');
    const ok = await confirm(fresh);
    expect(ok.body.confirmed).toBe(true);
    expect(await sentToDeposit(group.ChecksHeaderGuid)).toEqual([1, 1]);
    expect(server.bodies.some((b) => b.includes(fresh))).toBe(false);
  });

  it('gives the lists data only for a worker of the own company', async () => {
    const lists = await call<{ banks: unknown[]; buildings: unknown[] }>(server, 'GET', `/api/binyan/check/listsData?WorkerGuid=${workerGuid}`, { token });
    expect(lists.body.banks.length).toBeGreaterThan(3);
    // The buildings of the worker's round.
    expect(lists.body.buildings).toHaveLength(4);
    const otherWorker = String((await loginAs(server, 'other', 2002)).user.workerGUID);
    expect((await call(server, 'GET', `/api/binyan/check/listsData?WorkerGuid=${otherWorker}`, { token })).status).toBe(403);
  });
});
