// POST /api/binyan/sync/batch: each change applied as if it had come alone, in order; stored answers per
// key; a refusal undoes nothing else; later changes of a refused record are not attempted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_ROUTES, batchRouteOf } from '../../src/lib/batchTargets.ts';
import type { BatchItem, BatchResult } from '../../src/lib/syncBatch.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Rec = Record<string, unknown> & { id: string; version: number };
type Answered = {
  key: string;
  status: number;
  body: { idempotencyKey?: string; record?: Rec; current?: Rec; error?: { code: string; messageKey: string } };
  retryAfter?: string;
  idempotencyKey?: string;
};

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
  const reply = await call<{ results: BatchResult[]; error?: { code: string } }>(server, 'POST', '/api/binyan/sync/batch', {
    token: as,
    body: { items },
    idempotencyKey: null,
  });
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
  it("applies a record's queued changes in order, each on the version the one before created", async () => {
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
    const single = await call<Answered['body']>(server, 'PATCH', `/api/binyan/service-calls/${a}`, {
      token,
      idempotencyKey: edit?.key ?? '',
      body: { baseVersion: 1, changes: { subject: 'אותה תשובה' } },
    });
    expect(single.status).toBe(results[1]?.status);
    expect(single.body).toEqual(results[1]?.body);
    expect(single.headers.get('idempotency-key')).toBe(edit?.key);
  });

  it("keeps what was applied when a later change is refused, and does not try that record's later changes", async () => {
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
    const dependent: BatchItem = {
      key: newId(),
      method: 'POST',
      path: `binyan/service-calls/${a}/updates`,
      body: { id: newId(), text: 'עדכון' },
      record: `serviceCallUpdates:${newId()}`,
      dependsOn: [record(a)],
    };
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
    const results = (
      await batch([{ key: newId(), method: 'DELETE', path: `binyan/service-calls/${a}`, baseVersion: 1, versionIn: 'query', record: record(a) }])
    ).body.results;
    expect(answered(results[0]).status).toBe(200);
    expect((await call(server, 'GET', `/api/binyan/service-calls/${a}`, { token })).status).toBe(404);
  });

  it('answers each change with its own refusal for a role without the right', async () => {
    const tali = (await loginAs(server, 'tali')).token;
    const results = (await batch([create(newId())], tali)).body.results;
    expect(answered(results[0]).status).toBe(403);
    expect(answered(results[0]).body.error?.code).toBe('NOT_ALLOWED');
  });

  it('answers refusals, oversized changes and missing records exactly as their single requests', async () => {
    const a = newId();
    await batch([create(a)]);
    const cases: { name: string; method: BatchItem['method']; path: string; body?: unknown }[] = [
      { name: 'a rule refusal', method: 'PATCH', path: `binyan/service-calls/${a}`, body: { baseVersion: 1, changes: { status: 'no-such-status' } } },
      {
        name: "a change over its route's body limit",
        method: 'PATCH',
        path: `binyan/service-calls/${a}`,
        body: { baseVersion: 1, changes: { description: 'א'.repeat(100_000) } },
      },
      { name: 'a record that is not there', method: 'DELETE', path: `binyan/service-calls/${newId()}?baseVersion=1` },
    ];
    for (const c of cases) {
      const key = newId();
      const single = await call(server, c.method, `/api/${c.path}`, { token, idempotencyKey: key, ...(c.body === undefined ? {} : { body: c.body }) });
      const [result] = (await batch([{ key, method: c.method, path: c.path, ...(c.body === undefined ? {} : { body: c.body }), record: `x:${key}` }])).body
        .results;
      expect(answered(result).status, c.name).toBe(single.status);
      expect(answered(result).body, c.name).toEqual(single.body);
      expect(answered(result).idempotencyKey ?? null, c.name).toBe(single.headers.get('idempotency-key'));
    }
    expect(await callOf(a)).toMatchObject({ version: 1 });
  });

  it('refuses a batch that is not one: no session, a read, no changes, too many changes', async () => {
    expect((await batch([create(newId())], '')).status).toBe(401);
    const refusedItems: BatchItem[][] = [
      [{ ...create(newId()), method: 'GET' as never }],
      [{ ...create(newId()), path: '' }],
      [],
      Array.from({ length: 501 }, () => create(newId())),
    ];
    for (const items of refusedItems) {
      const reply = await batch(items);
      expect(reply.status, JSON.stringify(items[0] ?? null)).toBe(422);
    }
  });
});

describe('the paths a batch change may name (checked after decoding)', () => {
  const refusal = { status: 422, body: { error: { code: 'BATCH_PATH_REFUSED', messageKey: 'errors:batchPathRefused', field: 'path' } } };
  const item = (method: BatchItem['method'], path: string, body?: unknown): BatchItem => {
    const key = newId();
    return { key, method, path, ...(body === undefined ? {} : { body }), record: `probe:${key}` };
  };

  it('refuses the two changes of the issue: an encoded sign-in call and an encoded nested batch', async () => {
    const nested = newId();
    const probes = [
      item('POST', 'a%75th/phone/start', { phone: '0501234567', otpPreferredSendMethod: 'sms' }),
      item('POST', 'binyan/sync/%62atch', { items: [create(nested)] }),
    ];
    const reply = await batch(probes);
    expect(reply.status).toBe(200);
    probes.forEach((probe, i) => expect(reply.body.results[i], probe.path).toMatchObject({ key: probe.key, ...refusal }));
    expect((await call(server, 'GET', `/api/binyan/service-calls/${nested}`, { token })).status).toBe(404);
  });

  it("refuses the issue's bypasses and their cousins one by one, applying the good changes around them", async () => {
    const nested = newId();
    const signIn = { phone: '0501234567', otpPreferredSendMethod: 'sms' };
    const probes: BatchItem[] = [
      // Issue 27 item 17, as reported.
      item('POST', 'a%75th/phone/start', signIn),
      item('POST', 'binyan/sync/%62atch', { items: [create(nested)] }),
      // Other spellings of the sign-in calls and the batch itself.
      ...[
        'auth/phone/start',
        '%61uth/phone/start',
        'a%75th%2Fphone%2Fstart',
        'AUTH/phone/start',
        'Auth/phone/start',
        'auth/register/start',
        'auth/otp/start',
      ].map((p) => item('POST', p, signIn)),
      ...[
        'binyan/sync/batch',
        'binyan/sync/batch?x=',
        'binyan/sync/batch/',
        'binyan//sync/batch',
        'binyan/sync//batch',
        'BINYAN/sync/batch',
        'binyan/Sync/Batch',
        'binyan%2Fsync%2Fbatch',
        'binyan%252Fsync%252Fbatch',
        'binyan/sync/%2562atch',
        'binyan/sync/batch;x=1',
        'binyan/sync/batch%3Bx=1',
        'binyan/sync/batch#x',
        'binyan/sync/batch%00',
        'binyan/sync/batch%20',
      ].map((p) => item('POST', p, { items: [create(nested)] })),
      // Dot segments, encoded or not, and separators that are not `/`.
      ...[
        'binyan/../auth/logout',
        'binyan/%2e%2e/auth/logout',
        'binyan/%2E%2E/auth/logout',
        'binyan/.%2e/auth/logout',
        'binyan/..%2fauth/logout',
        'binyan/..%2Fauth%2Flogout',
        'binyan/service-calls/..%2f..%2fauth%2flogout',
        'binyan/service-calls%2F..%2F..%2Fauth%2Flogout',
        'binyan/./service-calls',
        'binyan/service-calls/.',
        'binyan\\..\\auth\\logout',
        'binyan/service-calls%5C..%5C..%5Cauth%5Clogout',
        '/auth/logout',
        '//auth/logout',
        '/binyan/service-calls',
        'auth/logout;binyan/service-calls',
        'binyan/%252e%252e/auth/logout',
      ].map((p) => item('POST', p, {})),
      // Unicode look-alikes, overlong and invalid UTF-8, controls.
      ...[
        'ａuth/logout',
        '%EF%BD%81uth/logout',
        'binyan/sync/batcһ',
        'binyan/sync/batc%D2%BB',
        'binyan/%C0%AE%C0%AE/auth/logout',
        'binyan/%E2%80%AEhctab/cnys',
        'binyan/%FF/x',
        'binyan/service-calls%0A',
        'binyan/service-calls%',
      ].map((p) => item('POST', p, {})),
      // Routes that exist but are not the outbox's: style 2, public, uploads, money, gates, mail, and a wrong method.
      item('POST', 'dbActions/callProc', { procName: 'LogData' }),
      item('POST', 'dbActions/dbFuncVal', {}),
      item('POST', 'public/contact-us', { fullName: 'x' }),
      item('POST', 'files/upload/B64', {}),
      item('POST', 'binyan/my/payments', {}),
      item('POST', 'binyan/gates/g1/open', {}),
      item('POST', `binyan/documents/${newId()}/send`, { id: newId(), to: 'someone@example.com' }),
      item('PUT', 'binyan/service-calls', {}),
      item('PATCH', 'binyan/no-such-thing/1', { changes: {} }),
      // An allowed route with a query it does not take.
      item('POST', 'binyan/service-calls?x=', create(newId()).body),
      item('DELETE', `binyan/service-calls/${newId()}?baseVersion=1&baseVersion=2`),
    ];
    const logLines = server.logLines.length;
    const good = create(newId());
    const goodAfter = create(newId());
    const results = (await batch([good, ...probes, goodAfter])).body.results;
    expect(results).toHaveLength(probes.length + 2);
    expect(answered(results[0]).status).toBe(201);
    expect(answered(results[results.length - 1]).status).toBe(201);
    probes.forEach((probe, i) => expect(results[i + 1], `${probe.method} ${probe.path}`).toMatchObject({ key: probe.key, ...refusal }));
    // Nothing reached the sign-in calls or a nested batch: no code went out, the session still works,
    // and the nested change was never made.
    expect(server.logLines.slice(logLines).filter((l) => /code/i.test(l))).toEqual([]);
    expect((await call(server, 'GET', '/api/binyan/buildings', { token })).status).toBe(200);
    expect((await call(server, 'GET', `/api/binyan/service-calls/${nested}`, { token })).status).toBe(404);
  });

  it("routes the decoded, canonical path of an allowed route, and holds the record's later changes after a refused one", async () => {
    const a = newId();
    const encodedId = a.replace(/-/g, '%2D');
    const results = (
      await batch([
        { ...create(a), path: 'binyan/service-%63alls' },
        { ...change(a, 0, { subject: 'מקודד' }), path: `binyan/service-calls/${encodedId}` },
        { ...change(a, 0, { subject: 'נדחה' }), path: `binyan/service-calls/${encodedId}/..%2F${encodedId}` },
        change(a, 0, { subject: 'ממתין' }),
      ])
    ).body.results;
    expect(results.map((r) => r.status)).toEqual([201, 200, 422, null]);
    expect(await callOf(a)).toMatchObject({ subject: 'מקודד', version: 2 });
  });

  it('carries every route of its list, and no other mutation route', async () => {
    const declared = server.routes.map((r) => batchRouteOf(r.method, r.url)).filter((r) => r !== null);
    expect([...BATCH_ROUTES].filter((r) => !declared.includes(r))).toEqual([]);
    const others = server.routes.filter((r) => r.method !== 'GET' && batchRouteOf(r.method, r.url) === null);
    expect(others.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/api/auth/phone/start', '/api/binyan/sync/batch', '/api/files/upload/B64', '/api/binyan/my/payments']),
    );
    const items = others.map((r) => item(r.method as BatchItem['method'], r.url.replace(/^\/api\//, '').replace(/:\w+/g, 'x1'), {}));
    const results = (await batch(items)).body.results;
    items.forEach((probe, i) => expect(results[i], `${probe.method} ${probe.path}`).toMatchObject(refusal));
  });
});
