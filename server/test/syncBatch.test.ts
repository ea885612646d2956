// POST /api/binyan/sync/batch: each change applied as if it had come alone, in order; stored answers per
// key; a refusal undoes nothing else; later changes of a refused record are not attempted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchItem, BatchResult } from '../../src/lib/syncBatch.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';

type Rec = Record<string, unknown> & { id: string; version: number };
type Answered = { key: string; status: number; body: { idempotencyKey?: string; record?: Rec; current?: Rec; error?: { code: string; messageKey: string } }; retryAfter?: string; idempotencyKey?: string };

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAs(server, 'avi')).token;
});
afterAll(async () => server.close());

const record = (id: string) => `serviceCalls:${id}`;
const create = (id: string, key = newId()): BatchItem => ({
  key,
  method: 'POST',
  path: 'binyan/service-calls',
  body: { id, buildingId: 102, domain: 'elevator', description: 'המעלית תקועה בין הקומות' },
  baseVersion: 0,
  record: record(id),
});
const change = (id: string, baseVersion: number, changes: Record<string, unknown>, key = newId()): BatchItem => ({
  key,
  method: 'PATCH',
  path: `binyan/service-calls/${id}`,
  body: { changes },
  baseVersion,
  versionIn: 'body',
  record: record(id),
});

async function batch(items: BatchItem[], as = token) {
  const reply = await call<{ results: BatchResult[]; error?: { code: string } }>(server, 'POST', '/api/binyan/sync/batch', { token: as, body: { items }, idempotencyKey: null });
  return reply;
}

const answered = (r: BatchResult | undefined): Answered => {
  if (!r || r.status === null) throw new Error(`not answered: ${JSON.stringify(r)}`);
  return r as Answered;
};

async function callOf(id: string): Promise<Rec> {
  return (await call<{ record: Rec }>(server, 'GET', `/api/binyan/service-calls/${id}`, { token })).body.record;
}

describe('the sync batch', () => {
  it('applies a record\'s queued changes in order, each on the version the one before created', async () => {
    const a = newId();
    const b = newId();
    // As queued offline: the create on version 0, then two edits made on top of it locally (base 0).
    const items = [create(a), create(b), change(a, 0, { subject: 'ראשון' }), change(a, 0, { subject: 'שני' }), change(b, 0, { priority: 'high' })];
    const reply = await batch(items);
    expect(reply.status).toBe(200);
    const results = reply.body.results.map(answered);
    expect(results.map((r) => r.key)).toEqual(items.map((i) => i.key));
    expect(results.map((r) => r.status)).toEqual([201, 201, 200, 200, 200]);
    for (const r of results) expect(r.body.idempotencyKey).toBe(r.key);
    expect(results.map((r) => r.body.record?.version)).toEqual([1, 1, 2, 3, 2]);
    expect(await callOf(a)).toMatchObject({ subject: 'שני', version: 3 });
    expect(await callOf(b)).toMatchObject({ priority: 'high', version: 2 });
  });

  it('answers a repeated batch (its answer was lost) from the stored answers, applying nothing twice', async () => {
    const a = newId();
    const items = [create(a), change(a, 0, { subject: 'פעם אחת' }), change(a, 0, { priority: 'urgent' })];
    const first = await batch(items);
    const again = await batch(items);
    expect(again.body.results).toEqual(first.body.results);
    expect(await callOf(a)).toMatchObject({ version: 3, subject: 'פעם אחת', priority: 'urgent' });
  });

  it('answers each change as the single request with the same key would be answered', async () => {
    const a = newId();
    const [made, edit] = [create(a), change(a, 0, { subject: 'אותה תשובה' })];
    const results = (await batch([made, edit] as BatchItem[])).body.results.map(answered);
    // The same change sent alone afterwards (e.g. after falling back to single requests) is a repeat.
    const single = await call<Answered['body']>(server, 'PATCH', `/api/binyan/service-calls/${a}`, { token, idempotencyKey: edit?.key ?? '', body: { baseVersion: 1, changes: { subject: 'אותה תשובה' } } });
    expect(single.status).toBe(results[1]?.status);
    expect(single.body).toEqual(results[1]?.body);
    expect(single.headers.get('idempotency-key')).toBe(edit?.key);
  });

  it('keeps what was applied when a later change is refused, and does not try that record\'s later changes', async () => {
    const a = newId();
    const b = newId();
    const refused = change(a, 1, { description: '' });
    const items = [create(a), create(b), refused, change(a, 1, { subject: 'ממתין' }), change(b, 1, { subject: 'עבר' })];
    const results = (await batch(items)).body.results;
    expect(results.map((r) => r.status)).toEqual([201, 201, 422, null, 200]);
    expect(results[3]).toEqual({ key: items[3]?.key, status: null, notAttempted: true });
    expect(answered(results[2]).body.error?.code).toBe('VALIDATION');
    expect(await callOf(a)).toMatchObject({ version: 1 });
    expect(await callOf(b)).toMatchObject({ subject: 'עבר', version: 2 });
    // Nothing was stored for the refused key: fixed, the same key goes through.
    const fixed = await batch([{ ...refused, body: { changes: { description: 'המעלית עדיין תקועה בין הקומות' } } }]);
    expect(answered(fixed.body.results[0]).status).toBe(200);
  });

  it('answers a stale base version with 409 and the current record, and waits on what depends on it', async () => {
    const a = newId();
    await batch([create(a), change(a, 0, { subject: 'בשרת' })]);
    const stale = change(a, 1, { subject: 'שלי' });
    const dependent: BatchItem = { key: newId(), method: 'POST', path: `binyan/service-calls/${a}/updates`, body: { id: newId(), text: 'עדכון' }, record: `serviceCallUpdates:${newId()}`, dependsOn: [record(a)] };
    const results = (await batch([stale, dependent])).body.results;
    const conflict = answered(results[0]);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error?.code).toBe('VERSION_CONFLICT');
    expect(conflict.body.current).toMatchObject({ id: a, version: 2, subject: 'בשרת' });
    expect(results[1]).toMatchObject({ status: null, notAttempted: true });
  });

  it('puts the base version of a delete in its query, as the single request does', async () => {
    const a = newId();
    await batch([create(a)]);
    const results = (await batch([{ key: newId(), method: 'DELETE', path: `binyan/service-calls/${a}`, baseVersion: 1, versionIn: 'query', record: record(a) }])).body.results;
    expect(answered(results[0]).status).toBe(200);
    expect((await call(server, 'GET', `/api/binyan/service-calls/${a}`, { token })).status).toBe(404);
  });

  it('answers each change with its own refusal for a role without the right', async () => {
    const tali = (await loginAs(server, 'tali')).token;
    const results = (await batch([create(newId())], tali)).body.results;
    expect(answered(results[0]).status).toBe(403);
    expect(answered(results[0]).body.error?.code).toBe('NOT_ALLOWED');
  });

  it('answers style-2 calls, public routes, refusals, oversized changes and unknown paths exactly as their single requests', async () => {
    const a = newId();
    await batch([create(a)]);
    const cases: { name: string; method: BatchItem['method']; path: string; body?: unknown }[] = [
      { name: 'a style-2 call', method: 'POST', path: 'dbActions/callProc', body: params({ procName: 'LogData', procParams: JSON.stringify({ message: 'מהסיור' }) }) },
      { name: 'a style-2 call naming another company', method: 'POST', path: 'dbActions/callProc', body: params({ procName: 'LogData', CompID: 1002 }) },
      { name: 'a style-2 call the server does not have', method: 'POST', path: 'dbActions/callProc', body: params({ procName: 'NoSuchProc' }) },
      { name: 'a public route with a bad body', method: 'POST', path: 'public/contact-us', body: { fullName: '' } },
      { name: 'a rule refusal', method: 'PATCH', path: `binyan/service-calls/${a}`, body: { baseVersion: 1, changes: { status: 'no-such-status' } } },
      { name: 'a change over its route\'s body limit', method: 'PATCH', path: `binyan/service-calls/${a}`, body: { baseVersion: 1, changes: { description: 'א'.repeat(100_000) } } },
      { name: 'a record that is not there', method: 'DELETE', path: `binyan/service-calls/${newId()}?baseVersion=1` },
      { name: 'a path no route takes', method: 'PATCH', path: 'binyan/no-such-thing/1', body: { changes: {} } },
    ];
    for (const c of cases) {
      const key = newId();
      const single = await call(server, c.method, `/api/${c.path}`, { token, idempotencyKey: key, ...(c.body === undefined ? {} : { body: c.body }) });
      const [result] = (await batch([{ key, method: c.method, path: c.path, ...(c.body === undefined ? {} : { body: c.body }), record: `x:${key}` }])).body.results;
      expect(answered(result).status, c.name).toBe(single.status);
      expect(answered(result).body, c.name).toEqual(single.body);
      expect(answered(result).idempotencyKey ?? null, c.name).toBe(single.headers.get('idempotency-key'));
    }
    expect(await callOf(a)).toMatchObject({ version: 1 });
  });

  it('refuses a batch that is not one: no session, a read, sign-in calls, itself, too many changes', async () => {
    expect((await batch([create(newId())], '')).status).toBe(401);
    const refusedItems: BatchItem[][] = [
      [{ ...create(newId()), method: 'GET' as never }],
      [{ ...create(newId()), path: 'auth/logout' }],
      [{ ...create(newId()), path: 'binyan/sync/batch' }],
      [{ ...create(newId()), path: 'binyan/../auth/logout' }],
      [],
      Array.from({ length: 501 }, () => create(newId())),
    ];
    for (const items of refusedItems) {
      const reply = await batch(items);
      expect(reply.status, JSON.stringify(items[0] ?? null)).toBe(422);
    }
  });
});
