import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';

type Rec = Record<string, unknown> & { id: string; version: number };
type List = { records: Rec[] };

let server: TestServer;
let avi: string;
let other: string;
let otherCall: Rec;
let otherKey: Rec;
let otherMeter: Rec;

beforeAll(async () => {
  server = await startTestServer();
  avi = (await loginAs(server, 'avi')).token;
  other = (await loginAs(server, 'other', 2002)).token;
  otherCall = (await call<List>(server, 'GET', '/api/binyan/service-calls?buildingId=201', { token: other })).body.records[0] as Rec;
  otherKey = (await call<List>(server, 'GET', '/api/binyan/keys?buildingId=201', { token: other })).body.records.find((k) => k.status === 'pending') as Rec;
  otherMeter = (await call<List>(server, 'GET', '/api/binyan/buildings/201/meters', { token: other })).body.records[0] as Rec;
});
afterAll(async () => server.close());

const forbidden = { error: { code: 'FORBIDDEN', messageKey: 'errors:forbidden' } };

describe('company isolation', () => {
  it('lists only the own company', async () => {
    const mine = (await call<List>(server, 'GET', '/api/binyan/buildings', { token: avi })).body.records.map((b) => b.id);
    // avi's round: his four assigned buildings of his company.
    expect(mine).toEqual([101, 102, 103, 104]);
    const calls = (await call<List>(server, 'GET', '/api/binyan/service-calls', { token: avi })).body.records;
    expect(calls.some((c) => c.id === otherCall.id)).toBe(false);
  });

  it('refuses reads of another company', async () => {
    for (const path of [
      '/api/binyan/buildings/201/apartments',
      '/api/binyan/buildings/201/contacts',
      '/api/binyan/buildings/201/meters',
      `/api/binyan/service-calls/${otherCall.id}`,
      '/api/binyan/service-calls?buildingId=201',
      `/api/binyan/meters/${otherMeter.id}/readings`,
      '/api/files/getImg?src=seed-photo-2002',
    ]) {
      const r = await call(server, 'GET', path, { token: avi });
      expect(r.status, path).toBe(403);
      expect(r.body, path).toMatchObject(forbidden);
    }
  });

  it('refuses writes to another company and leaves the records unchanged', async () => {
    const writes: [string, string, unknown][] = [
      ['PATCH', '/api/binyan/buildings/201', { baseVersion: 1, changes: { pricePerKwh: 9 } }],
      ['PATCH', `/api/binyan/service-calls/${otherCall.id}`, { baseVersion: otherCall.version, changes: { status: 'cancelled' } }],
      ['DELETE', `/api/binyan/service-calls/${otherCall.id}?baseVersion=${otherCall.version}`, undefined],
      ['POST', '/api/binyan/service-calls', { id: newId(), buildingId: 201, domain: 'plumbing', description: 'נזילת מים בחדר המדרגות' }],
      ['POST', `/api/binyan/service-calls/${otherCall.id}/updates`, { id: newId(), text: 'ניסיון' }],
      ['POST', `/api/binyan/keys/${otherKey.id}/handover`, { baseVersion: otherKey.version, deliveredTo: 'פורץ' }],
      ['POST', '/api/binyan/meter-readings', { id: newId(), meterId: otherMeter.id, current: 999999, photoId: 'p' }],
    ];
    for (const [method, path, body] of writes) {
      const r = await call(server, method, path, { token: avi, body });
      expect(r.status, `${method} ${path}`).toBe(403);
    }
    // Reusing another company's record id for a create is refused, and nothing of that record is shown.
    const reused = await call(server, 'POST', '/api/binyan/service-calls', {
      token: avi,
      body: { id: otherCall.id, buildingId: 101, domain: 'plumbing', description: 'נזילת מים בחדר המדרגות' },
    });
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: expect.objectContaining({ code: 'ALREADY_EXISTS', messageKey: 'errors:alreadyExists' }) });
    const after = await call<{ record: Rec; updates: unknown[] }>(server, 'GET', `/api/binyan/service-calls/${otherCall.id}`, { token: other });
    expect(after.body.record).toEqual(otherCall);
    const building = (await call<List>(server, 'GET', '/api/binyan/buildings', { token: other })).body.records[0];
    expect(building?.version).toBe(1);
  });

  it('refuses style 2 calls naming another company or its building (code 3)', async () => {
    const byBid = await call(server, 'POST', '/api/binyan/Login/GetCompGuidByBID', {
      body: params({ sessionToken: avi, CompID: 1001, BID: 201 }),
      idempotencyKey: null,
    });
    expect(byBid.body).toMatchObject({ APIResponseCode: 3 });
    const otherComp = await call(server, 'POST', '/api/binyan/Login/GetCompGuidByBID', {
      body: params({ sessionToken: avi, CompID: 2002, BID: 101 }),
      idempotencyKey: null,
    });
    expect(otherComp.body).toMatchObject({ APIResponseCode: 3 });
    const translate = await call(server, 'POST', '/api/binyan/TranslateProblem/SessionToken', {
      body: params({ sessionToken: avi, pid: otherCall.id, toLanguage: 2 }),
      idempotencyKey: null,
    });
    expect(translate.body).toMatchObject({ APIResponseCode: 3 });
    const own = await call(server, 'POST', '/api/binyan/Login/GetCompGuidByBID', {
      body: params({ sessionToken: avi, CompID: 1001, BID: 101 }),
      idempotencyKey: null,
    });
    expect(own.body).toMatchObject({ APIResponseCode: 0, BID: 101 });
  });

  it('keeps idempotency keys per company', async () => {
    const key = newId();
    const mine = await call(server, 'POST', '/api/binyan/keys', {
      token: avi,
      idempotencyKey: key,
      body: { id: newId(), buildingId: 101, tagNumber: 'X-1', description: 'מפתח בדיקה' },
    });
    expect(mine.status).toBe(201);
    const theirs = await call(server, 'POST', '/api/binyan/keys', {
      token: other,
      idempotencyKey: key,
      body: { id: newId(), buildingId: 201, tagNumber: 'X-1', description: 'מפתח בדיקה' },
    });
    expect(theirs.status).toBe(201);
    expect(theirs.text).not.toBe(mine.text);
  });
});
