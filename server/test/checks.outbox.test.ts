// The check calls as the device's outbox sends them: `baseVersion` in the body, one Idempotency-Key per
// change, repeats after a lost answer, and the "cancel all payments" call.
import { describe, expect, it } from 'vitest';
import { call, newId, signedInServer } from './harness.ts';

type Check = { CheckGuid: string; Amount: number; version: number };
type Group = {
  ID: number;
  ChecksHeaderGuid: string;
  ContactGuid: string;
  DebtIds: string[];
  Amount: number;
  Status: string;
  NumbersOfPayments: number;
  version: number;
  checks: Check[];
};
type Reply = { idempotencyKey: string; record: Group & Check; group: Group; error?: { code: string; messageKey: string }; current?: Check };

const api = signedInServer<Reply>();

const send = (method: string, path: string, body: unknown, key = newId()) =>
  call<Reply>(api.server, method, `/api/binyan/check${path}`, { token: api.token, body, idempotencyKey: key });
const toFill = async () => (await call<{ records: Group[] }>(api.server, 'GET', '/api/binyan/check/toFill', { token: api.token })).body.records;
const seeded = async (id: number) => (await toFill()).find((g) => g.ID === id) as Group;
const check = (group: string, Amount: number, extra: Record<string, unknown> = {}) => ({
  CheckGuid: newId(),
  ChecksHeaderGuid: group,
  Amount,
  DepositDate: '2030-04-01',
  ...extra,
});

describe('check calls from the outbox', () => {
  it('applies a repeated submission once and answers the repeat with the stored response', async () => {
    const group = await seeded(5003);
    const body = { ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: group.version, DebtIds: group.DebtIds, WorkerGuid: 'w', SendAnyway: true };
    const key = newId();
    const first = await send('PUT', '/submitChecksHeader', body, key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotency-key')).toBe(key);
    const repeat = await send('PUT', '/submitChecksHeader', body, key);
    expect(repeat.status).toBe(200);
    expect(repeat.text).toBe(first.text);
    expect(repeat.body.record).toMatchObject({ Status: 'submitted', version: group.version + 1 });
    const again = await send('PUT', '/submitChecksHeader', { ...body, baseVersion: group.version + 1 });
    expect(again.body.error?.messageKey).toBe('errors:checkGroupNotEditable');
  });

  it('accepts baseVersion for updates and deletes, and repeats each once', async () => {
    const group = await seeded(5002);
    const created = await send('POST', '', check(group.ChecksHeaderGuid, 10));
    const guid = created.body.record.CheckGuid;
    const key = newId();
    const update = { ...check(group.ChecksHeaderGuid, 11), CheckGuid: guid, baseVersion: 1 };
    expect((await send('POST', '', update, key)).body.record).toMatchObject({ Amount: 11, version: 2 });
    expect((await send('POST', '', update, key)).body.record).toMatchObject({ Amount: 11, version: 2 });
    const stale = await send('POST', '', { ...update, Amount: 12 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ Amount: 11, version: 2 });
    const delKey = newId();
    const removed = await send('DELETE', '', { CheckGuid: guid, ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: 2 }, delKey);
    expect(removed.status).toBe(200);
    expect((await send('DELETE', '', { CheckGuid: guid, ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: 2 }, delKey)).status).toBe(200);
    expect((await seeded(5002)).checks).toEqual([]);
  });

  it('answers a create of an existing check with 409 and the current check (no silent overwrite)', async () => {
    const group = await seeded(5002);
    const body = check(group.ChecksHeaderGuid, 20);
    expect((await send('POST', '', body)).status).toBe(201);
    const again = await send('POST', '', body);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('ALREADY_EXISTS');
    expect(again.body.current).toMatchObject({ CheckGuid: body.CheckGuid, Amount: 20, version: 1 });
  });

  it('finishes the scan once: a repeat returns the stored group without another version', async () => {
    const group = await seeded(5002);
    const key = newId();
    const first = await send('PUT', '/finishScan', { ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: group.version }, key);
    expect(first.body.record).toMatchObject({ Status: 'scanned', version: group.version + 1 });
    expect((await send('PUT', '/finishScan', { ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: group.version }, key)).text).toBe(first.text);
    expect((await send('PUT', '/finishScan', { ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: group.version })).status).toBe(409);
  });

  it('cancels a payment: it leaves the fill list and cannot be continued', async () => {
    const group = await seeded(5001);
    const cancelled = await send('PUT', '/cancelChecksHeader', { ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: group.version });
    expect(cancelled.body.record).toMatchObject({ Status: 'cancelled', version: group.version + 1 });
    expect((await toFill()).some((g) => g.ID === 5001)).toBe(false);
    const more = await send('POST', '', check(group.ChecksHeaderGuid, 5));
    expect(more.body.error?.messageKey).toBe('errors:checkGroupNotEditable');
  });

  it('requires an Idempotency-Key on every check mutation', async () => {
    const group = await seeded(5002);
    const res = await call<Reply>(api.server, 'PUT', '/api/binyan/check/cancelChecksHeader', {
      token: api.token,
      body: { ChecksHeaderGuid: group.ChecksHeaderGuid, baseVersion: group.version },
      idempotencyKey: null,
    });
    expect(res.status).toBe(400);
  });
});
