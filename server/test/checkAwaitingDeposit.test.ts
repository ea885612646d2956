// Sent check payments waiting for their deposit confirmation (GET check/awaitingDeposit): a payment
// whose confirmation was put off ("Not now", a reload, a closed app) is found again, by those who may
// deposit it in its building, and leaves the list once confirmed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Check = { CheckGuid: string };
type Group = {
  ID: number;
  ChecksHeaderGuid: string;
  ContactGuid: string;
  BuildingId: number;
  DebtIds: string[];
  Status: string;
  version: number;
  checks: Check[];
};
type Awaiting = Group & { PayerName: string | null; SubmittedAt: string };
type Reply = { records?: Awaiting[]; error?: { code: string; messageKey: string } };

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['avi', 'rina', 'dana', 'miri', 'eli', 'moshe', 'noam']) tokens.set(name, (await loginAs(server, name)).token);
  tokens.set('other', (await loginAs(server, 'other', 2002)).token);
});
afterAll(async () => server.close());

const as = <T = Reply>(user: string | null, method: string, path: string, body?: unknown) =>
  call<T>(server, method, `/api/binyan/${path}`, { ...(user ? { token: tokens.get(user) ?? '' } : {}), ...(body !== undefined ? { body } : {}) });
const awaiting = async (user: string) => {
  const reply = await as(user, 'GET', 'check/awaitingDeposit');
  expect(reply.status, user).toBe(200);
  return reply.body.records ?? [];
};
const idsOf = (records: readonly Awaiting[]) => records.map((g) => g.ID);

async function submit(group: Group): Promise<void> {
  const sent = await as('avi', 'PUT', 'check/submitChecksHeader', { ...group, SendAnyway: true });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

/** A payment of a payer of building 102 (not the seeded groups' 101), sent. */
async function sentPaymentIn102(): Promise<Group> {
  const debts = (await as<{ records: { id: string; contactGuid: string }[] }>('avi', 'GET', 'debts?buildingId=102')).body.records;
  const contactGuid = debts[0]?.contactGuid ?? '';
  const guid = newId();
  const check = {
    CheckGuid: newId(),
    ChecksHeaderGuid: guid,
    Amount: 100,
    DepositDate: '2030-01-15',
    BankNumber: '12',
    BranchNumber: '600',
    AccountNumber: '123456',
    CheckNumber: '1000001',
  };
  const created = await as<{ group: Group }>('avi', 'POST', 'check', {
    ...check,
    ContactGuid: contactGuid,
    DebtIds: debts.filter((d) => d.contactGuid === contactGuid).map((d) => d.id),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await submit(created.body.group);
  return created.body.group;
}

describe('payments waiting for the deposit confirmation', () => {
  let first: Group;
  let second: Group;
  let in102: Group;

  it('lists a sent payment, newest first, with its checks and payer, until its deposit is confirmed', async () => {
    const toFill = (await as<{ records: Group[] }>('avi', 'GET', 'check/toFill')).body.records;
    expect(await awaiting('avi')).toEqual([]);
    first = toFill.find((g) => g.ID === 5003) as Group;
    second = toFill.find((g) => g.ID === 5001) as Group;
    await submit(first);
    server.clock.advance(60_000);
    await submit(second);
    const listed = await awaiting('avi');
    expect(idsOf(listed)).toEqual([5001, 5003]);
    expect(listed[1]).toMatchObject({
      ChecksHeaderGuid: first.ChecksHeaderGuid,
      Status: 'submitted',
      PayerName: expect.any(String),
      SubmittedAt: expect.any(String),
    });
    expect(listed[1]?.checks).toHaveLength(2);
    // A draft is still to fill, not to deposit.
    expect(idsOf(listed)).not.toContain(5002);

    server.depositCodes.delete('avi');
    expect((await as('avi', 'POST', 'check/deposit/start', { ChecksHeaderGuid: first.ChecksHeaderGuid })).status).toBe(200);
    const code = await server.waitForDeposit('avi');
    // A call started but not confirmed still waits.
    expect(idsOf(await awaiting('avi'))).toEqual([5001, 5003]);
    expect((await as('avi', 'POST', 'check/deposit/confirm', { ChecksHeaderGuid: first.ChecksHeaderGuid, code })).status).toBe(200);
    expect(idsOf(await awaiting('avi'))).toEqual([5001]);
  });

  it('shows a payment only in the buildings of the caller, and never to another company', async () => {
    in102 = await sentPaymentIn102();
    const guidsOf = async (user: string) => (await awaiting(user)).map((g) => g.ChecksHeaderGuid);
    expect(await guidsOf('avi')).toEqual([in102.ChecksHeaderGuid, second.ChecksHeaderGuid]);
    expect(await guidsOf('miri')).toEqual([in102.ChecksHeaderGuid, second.ChecksHeaderGuid]);
    // The committee of building 101 and a worker without 102 see 101's payment only.
    expect(await guidsOf('rina')).toEqual([second.ChecksHeaderGuid]);
    expect(await guidsOf('dana')).toEqual([second.ChecksHeaderGuid]);
    expect(await guidsOf('other')).toEqual([]);
  });

  it('refuses a tenant, a supplier, a worker without checks, and nobody signed in', async () => {
    for (const user of ['moshe', 'eli', 'noam']) {
      const reply = await as(user, 'GET', 'check/awaitingDeposit');
      expect(reply.status, user).toBe(403);
      expect(reply.body.error, user).toMatchObject({ code: 'NOT_ALLOWED', messageKey: 'errors:notAllowed' });
    }
    const nobody = await as(null, 'GET', 'check/awaitingDeposit');
    expect(nobody.status).toBe(401);
    expect(JSON.stringify(nobody.body)).not.toContain(second.ChecksHeaderGuid);
  });
});
