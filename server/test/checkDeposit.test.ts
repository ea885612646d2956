// Deposit confirmation (spec 4): only for a sent payment, a capped number of calls per group and hour,
// and a confirm that happens once: a repeat returns the first answer and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { sentToDeposit } from './depositState.ts';

type Group = { ID: number; ChecksHeaderGuid: string; ContactGuid: string; DebtIds: string[]; version: number; checks: { CheckGuid: string }[] };
type Reply = {
  record: Group;
  idempotencyKey?: string | null;
  callStarted?: boolean;
  confirmed?: boolean;
  confirmedAt?: string;
  error?: { code: string; messageKey: string };
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

const send = (method: string, path: string, body: unknown, key = newId()) =>
  call<Reply>(server, method, `/api/binyan/check${path}`, { token, body, idempotencyKey: key });
const toFill = async () => (await call<{ records: Group[] }>(server, 'GET', '/api/binyan/check/toFill', { token })).body.records;
const start = (guid: string, key?: string) => send('POST', '/deposit/start', { ChecksHeaderGuid: guid }, key);
const confirm = (guid: string, code: string, key?: string) => send('POST', '/deposit/confirm', { ChecksHeaderGuid: guid, code }, key);

/** A seeded payment with checks, sent (submitted) so it may be deposited. */
async function submittedGroup(id: number): Promise<Group> {
  const group = (await toFill()).find((g) => g.ID === id) as Group;
  const sent = await send('PUT', '/submitChecksHeader', { ...group, WorkerGuid: workerGuid, SendAnyway: true });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return group;
}

async function newCode(guid: string): Promise<string> {
  server.depositCodes.delete('avi');
  const started = await start(guid);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return server.waitForDeposit('avi');
}

describe('deposit confirmation', () => {
  it('refuses to start or confirm for a payment that was not sent, with a translated reason', async () => {
    const draft = (await toFill()).find((g) => g.ID === 5002) as Group;
    for (const r of [await start(draft.ChecksHeaderGuid), await confirm(draft.ChecksHeaderGuid, '123456')]) {
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'DEPOSIT_NOT_SUBMITTED', messageKey: 'errors:depositNeedsSubmittedPayment' });
    }
    expect(server.logLines.some((l) => l.startsWith('calling avi'))).toBe(false);
  });

  it('starts at most 5 calls per group and hour, then answers 429 with Retry-After', async () => {
    const group = await submittedGroup(5003);
    // A start within 30 s of the last call answers it again and calls nobody: the calls are 30 s apart.
    for (let i = 0; i < 5; i += 1) {
      expect((await start(group.ChecksHeaderGuid)).body.callStarted).toBe(true);
      server.clock.advance(31_000);
    }
    const calls = server.logLines.filter((l) => l.startsWith('calling avi')).length;
    const capped = await start(group.ChecksHeaderGuid);
    expect(capped.status).toBe(429);
    expect(capped.body.error?.messageKey).toBe('errors:tooManyRequests');
    expect(Number(capped.headers.get('retry-after'))).toBeGreaterThan(3400);
    expect(server.logLines.filter((l) => l.startsWith('calling avi')).length).toBe(calls);
    server.clock.advance(61 * 60_000);
    expect((await start(group.ChecksHeaderGuid)).body.callStarted).toBe(true);
  });

  it('confirms once: a repeat (same or new key) returns the first answer and bumps no check again', async () => {
    const group = await submittedGroup(5001);
    const code = await newCode(group.ChecksHeaderGuid);
    const before = await sentToDeposit(server, group.ChecksHeaderGuid);
    expect(before.length).toBeGreaterThan(0);
    const key = newId();
    const first = await confirm(group.ChecksHeaderGuid, code, key);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ confirmed: true, idempotencyKey: key, confirmedAt: expect.any(String) });
    expect(first.headers.get('idempotency-key')).toBe(key);
    const after = await sentToDeposit(server, group.ChecksHeaderGuid);
    expect(after.map((c) => [c.SentToDeposit, c.version])).toEqual(before.map((c) => [1, c.version + 1]));

    server.clock.advance(5_000);
    const sameKey = await confirm(group.ChecksHeaderGuid, code, key);
    expect(sameKey.text).toBe(first.text);
    const otherKey = newId();
    const again = await confirm(group.ChecksHeaderGuid, '000000', otherKey);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, idempotencyKey: otherKey });
    // A new start places no call and resets nothing.
    const restart = await start(group.ChecksHeaderGuid);
    expect(restart.body).toMatchObject({ callStarted: false, confirmed: true });
    expect((await confirm(group.ChecksHeaderGuid, code)).body.confirmedAt).toBe(first.body.confirmedAt);
    expect(await sentToDeposit(server, group.ChecksHeaderGuid)).toEqual(after);
  });
});
