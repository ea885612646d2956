import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { limits } from '../../src/lib/validation/rules.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Rec = Record<string, unknown> & { id: string; version: number };
type Mutation = { idempotencyKey: string; record: Rec; current?: Rec; error?: { code: string } };

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAs(server, 'avi')).token;
});
afterAll(async () => server.close());

const newCall = (id = newId()) => ({ id, buildingId: 102, domain: 'elevator', description: 'המעלית תקועה בין הקומות' });
const countCalls = async () => (await call<{ records: Rec[] }>(server, 'GET', '/api/binyan/service-calls?buildingId=102', { token })).body.records.length;

describe('idempotent, versioned mutations', () => {
  it('answers a repeat with the stored status and body and changes nothing', async () => {
    const key = newId();
    const before = await countCalls();
    const first = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body: newCall() });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-key')).toBe(key);
    expect(first.body.idempotencyKey).toBe(key);
    expect(first.body.record).toMatchObject({ version: 1, status: 'open', callNumber: expect.any(Number) });
    const repeat = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body: newCall(first.body.record.id) });
    expect(repeat.status).toBe(201);
    expect(repeat.text).toBe(first.text);
    expect(repeat.headers.get('idempotency-key')).toBe(key);
    expect(await countCalls()).toBe(before + 1);
  });

  it('applies concurrent repeats of one key exactly once', async () => {
    const key = newId();
    const body = newCall();
    const before = await countCalls();
    const replies = await Promise.all(Array.from({ length: 8 }, () => call(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body })));
    expect(new Set(replies.map((r) => `${r.status} ${r.text}`)).size).toBe(1);
    expect(await countCalls()).toBe(before + 1);
  });

  it('refuses a key reused for a different request', async () => {
    const key = newId();
    expect((await call(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body: newCall() })).status).toBe(201);
    const reused = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body: newCall() });
    expect(reused.status).toBe(422);
    expect(reused.body.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('requires an Idempotency-Key', async () => {
    const r = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: null, body: newCall() });
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('stores nothing for a refused request, so the same key works once fixed', async () => {
    const key = newId();
    const bad = await call(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body: { ...newCall(), description: 'קצר' } });
    expect(bad.status).toBe(422);
    expect((await call(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body: newCall() })).status).toBe(201);
  });

  it('answers a stale baseVersion with 409 and the current record', async () => {
    const created = (await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, body: newCall() })).body.record;
    const path = `/api/binyan/service-calls/${created.id}`;
    const updateKey = newId();
    const update = { baseVersion: 1, changes: { priority: 'high' } };
    const ok = await call<Mutation>(server, 'PATCH', path, { token, idempotencyKey: updateKey, body: update });
    expect(ok.status).toBe(200);
    expect(ok.body.record).toMatchObject({ version: 2, priority: 'high' });
    const stale = await call<Mutation>(server, 'PATCH', path, { token, body: { baseVersion: 1, changes: { priority: 'low' } } });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe('VERSION_CONFLICT');
    expect(stale.body.current).toMatchObject({ id: created.id, version: 2, priority: 'high' });
    // the original request replayed later still gets its stored answer, not a conflict
    const replay = await call(server, 'PATCH', path, { token, idempotencyKey: updateKey, body: update });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(ok.text);
    const staleDelete = await call<Mutation>(server, 'DELETE', `${path}?baseVersion=1`, { token });
    expect(staleDelete.status).toBe(409);
    const delKey = newId();
    const del = await call<Mutation>(server, 'DELETE', `${path}?baseVersion=2`, { token, idempotencyKey: delKey });
    expect(del.status).toBe(200);
    expect(del.body.record.id).toBe(created.id);
    expect((await call(server, 'DELETE', `${path}?baseVersion=2`, { token, idempotencyKey: delKey })).text).toBe(del.text);
    expect((await call(server, 'GET', path, { token })).status).toBe(404);
  });

  it('keeps the client id and refuses the same id under another key with 409 and current', async () => {
    const id = newId();
    const first = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, body: newCall(id) });
    expect(first.body.record.id).toBe(id);
    const again = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, body: newCall(id) });
    expect(again.status).toBe(409);
    expect(again.body.current).toMatchObject({ id, version: 1 });
  });
});

describe('stored answers come first', () => {
  it('answers a repeat from the store even when a rule was tightened after the first apply', async () => {
    const key = newId();
    const body = { ...newCall(), description: 'דלת הלובי נתקעת' };
    const first = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body });
    expect(first.status).toBe(201);
    const rules = limits as { descriptionMin: number };
    const was = rules.descriptionMin;
    rules.descriptionMin = 40;
    try {
      const repeat = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body });
      expect(repeat.status).toBe(201);
      expect(repeat.text).toBe(first.text);
      // The tightened rule does hold for new changes.
      const fresh = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, body: { ...body, id: newId() } });
      expect(fresh.status).toBe(422);
    } finally {
      rules.descriptionMin = was;
    }
  });

  it('takes a trailing slash or another query order for the same request', async () => {
    const created = (await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, body: newCall() })).body.record;
    const key = newId();
    const del = await call<Mutation>(server, 'DELETE', `/api/binyan/service-calls/${created.id}?baseVersion=1&reason=duplicate`, {
      token,
      idempotencyKey: key,
    });
    expect(del.status).toBe(200);
    const again = await call<Mutation>(server, 'DELETE', `/api/binyan/service-calls/${created.id}/?reason=duplicate&baseVersion=1`, {
      token,
      idempotencyKey: key,
    });
    expect(again.status).toBe(200);
    expect(again.text).toBe(del.text);
  });

  it('keeps each user’s keys apart: the same key from another user is their own change', async () => {
    const dana = (await loginAs(server, 'dana')).token;
    const key = newId();
    const mine = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', { token, idempotencyKey: key, body: newCall() });
    expect(mine.status).toBe(201);
    const theirs = await call<Mutation>(server, 'POST', '/api/binyan/service-calls', {
      token: dana,
      idempotencyKey: key,
      body: { ...newCall(), buildingId: 104 },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.record.id).not.toBe(mine.body.record.id);
    expect(theirs.body.record.buildingId).toBe(104);
  });
});
