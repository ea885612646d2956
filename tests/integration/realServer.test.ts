// The engine against the REAL reference server over HTTP (server/test/harness.ts): exactly once,
// including a lost response, a 401 in the middle of a replay, 500 bursts and a captive portal.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import { renewSession } from '../../src/api/calls/auth';
import { db } from '../../src/db/db';
import { addReading, pullMeters, pullReadings } from '../../src/features/meters/meterReadingsRepo';
import { addUpdate, changeStatus, createServiceCall, pullServiceCalls, updateServiceCall } from '../../src/features/service-calls/serviceCallsRepo';
import { call, loginAs, startTestServer } from '../../server/test/harness';
import type { TestServer } from '../../server/test/harness';
import { setActorSource } from '../../src/sync/write/actor';
import { realJpeg as jpeg } from '../../src/sync/testing/realJpeg';
import { createReplayEngine } from '../../src/sync/replay/engine';
import type { ReplayEngine } from '../../src/sync/replay/engine';
import { inProcessLock } from '../../src/sync/replay/lock';
import { userKeyOf } from '../../src/sync/write/userKey';
import type { SessionPort } from '../../src/sync/replay/sessionPort';

type Rec = Record<string, unknown> & { id: string; version: number };

let server: TestServer;
let token: string;
let renewalSecret: string;
const DEVICE_ID = 'integration-device-0001';
const faults: ('lose' | 'fail500' | 'portal')[] = [];

/** The network between the phone and the server, with the faults the chaos suite also injects. */
const network: typeof fetch = async (input, init) => {
  const fault = init?.method && init.method !== 'GET' ? faults.shift() : undefined;
  if (fault === 'portal') return new Response('<html>Hotel Wi-Fi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
  if (fault === 'fail500') return new Response('bad gateway', { status: 502 });
  const response = await fetch(input, init);
  if (fault === 'lose') {
    await response.text();
    throw new TypeError('connection reset after the server committed');
  }
  return response;
};

function engineFor(): { engine: ReplayEngine; session: SessionPort & { renewals: number } } {
  const session = {
    renewals: 0,
    getToken: async () => token,
    // The app's silent re-login: the renewal secret (rotated by the server), never a password.
    async renew() {
      session.renewals += 1;
      const renewed = await renewSession(createApiClient({ baseUrl: `${server.baseUrl}/api` }), { renewalSecret, deviceId: DEVICE_ID });
      token = renewed.sessionToken;
      renewalSecret = renewed.renewalSecret;
      return true;
    },
    currentUserKey: () => userKeyOf(1001, 'avi'),
  };
  const api = createApiClient({ baseUrl: `${server.baseUrl}/api`, fetch: network, getToken: () => token });
  // Backoff is real; a clock far ahead lets each test replay its retries at once.
  let now = Date.now();
  const engine = createReplayEngine({ api, session, lock: inProcessLock(), clock: { now: () => (now += 10 * 60_000) } });
  return { engine, session };
}

async function replayAll(engine: ReplayEngine): Promise<void> {
  for (let i = 0; i < 10 && (await db.outbox.count()) > 0; i += 1) await engine.replay();
}

const get = async (path: string) => (await call<{ record: Rec; records: Rec[]; updates: Rec[] }>(server, 'GET', path, { token })).body;

beforeAll(async () => {
  server = await startTestServer();
  const login = await loginAs(server, 'avi', 1001, 'demo1234', { deviceId: DEVICE_ID });
  token = login.token;
  renewalSecret = login.renewalSecret ?? '';
});
afterAll(async () => server.close());
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  faults.length = 0;
  setActorSource(async () => ({ userKey: await userKeyOf(1001, 'avi'), userName: 'avi', workerGuid: '', userId: null, displayName: 'אבי כהן' }));
});

describe('replay against the real server', () => {
  it('creates, edits and closes a call made offline exactly once, despite a lost response and a 500 burst', async () => {
    const { engine } = engineFor();
    const id = await createServiceCall({ buildingId: 102, domain: 'elevator', description: 'המעלית תקועה בקומה 3' }, [
      { blob: await jpeg(), width: 8, height: 8, hash: 'x' },
    ]);
    await updateServiceCall(id, { priority: 'urgent' });
    await addUpdate(id, 'הטכנאי בדרך');
    await changeStatus(id, 'inTreatment');
    faults.push('lose', 'fail500', 'fail500', 'lose');
    await replayAll(engine);

    expect(await db.outbox.count()).toBe(0);
    const { record, updates } = await get(`/api/binyan/service-calls/${id}`);
    expect(record).toMatchObject({ id, priority: 'urgent', status: 'inTreatment', version: 3 });
    expect(updates).toHaveLength(1);
    const calls = (await get('/api/binyan/service-calls?buildingId=102')).records.filter((r) => r.id === id);
    expect(calls).toHaveLength(1);
    expect(await db.serviceCalls.get(id)).toMatchObject({ syncState: 'synced', version: 3, callNumber: expect.any(Number) });
    expect((await db.photos.toArray())[0]).toMatchObject({ uploadState: 'uploaded', fileId: expect.any(String) });
  });

  it('pauses on an expired session, re-logs in silently and resumes', async () => {
    const { engine, session } = engineFor();
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await createServiceCall({ buildingId: 102, domain: 'cleaning', description: `ניקיון חדר מדרגות ${i}` }));
    token = 'expired-token';
    await replayAll(engine);
    expect(session.renewals).toBe(1);
    for (const id of ids) expect((await get(`/api/binyan/service-calls/${id}`)).record.id).toBe(id);
    expect(await db.outbox.count()).toBe(0);
  });

  it('never takes a captive-portal page for a receipt', async () => {
    const { engine } = engineFor();
    const id = await createServiceCall({ buildingId: 102, domain: 'gardening', description: 'השקיה לא עובדת בגינה' });
    faults.push('portal');
    await replayAll(engine);
    expect((await db.syncLog.orderBy('id').toArray()).map((l) => [l.outcome, l.status])).toEqual([
      ['retry', 200],
      ['applied', 201],
    ]);
    expect(await db.serviceCalls.get(id)).toMatchObject({ syncState: 'synced' });
    expect((await get('/api/binyan/service-calls?buildingId=102')).records.filter((r) => r.id === id)).toHaveLength(1);
  });

  it('shows a validation refusal as needing attention with the server message key', async () => {
    const { engine } = engineFor();
    await createServiceCall({ buildingId: 102, domain: 'elevator', description: 'המעלית תקועה בקומה 3' });
    await db.outbox.toCollection().modify((e) => void (e.payload.domain = 'not-a-domain'));
    await engine.replay();
    expect((await db.outbox.toArray())[0]).toMatchObject({
      state: 'attention',
      lastError: { kind: 'rejected', status: 422, messageKey: expect.stringMatching(/^errors:/) },
    });
  });

  it('puts an upload the server refuses (not an image) under needs attention with its reason, and sends it once', async () => {
    const { engine } = engineFor();
    const id = await createServiceCall({ buildingId: 102, domain: 'elevator', description: 'המעלית תקועה בקומה 4' }, [
      { blob: new Blob(['%PDF-1.7 a scanned form'], { type: 'image/jpeg' }), width: 1, height: 1, hash: 'z' },
    ]);
    for (let i = 0; i < 5; i += 1) await engine.replay();
    const [upload] = await db.outbox.toArray();
    expect(upload).toMatchObject({
      kind: 'photo',
      state: 'attention',
      attempts: 1,
      lastError: { kind: 'rejected', status: 200, messageKey: 'errors:onlyImageAllowed', field: 'base64String', code: '1' },
    });
    expect((await db.syncLog.toArray()).filter((l) => l.op === 'upload').map((l) => l.outcome)).toEqual(['rejected']);
    expect(await db.serviceCalls.get(id)).toMatchObject({ syncState: 'synced' });
  });

  it('pulls meters and readings, then replays a reading with its photo', async () => {
    const { engine } = engineFor();
    const api = createApiClient({ baseUrl: `${server.baseUrl}/api`, getToken: () => token });
    await pullMeters(api, 102);
    const meter = (await db.meters.where('buildingId').equals(102).toArray()).find((m) => m.kind === 'unit');
    if (!meter) throw new Error('no seeded meter in building 102');
    await pullReadings(api, meter.id);
    const last = (await db.meterReadings.where('meterId').equals(meter.id).toArray()).reduce(
      (max, r) => Math.max(max, r.current),
      meter.lastReading ?? meter.initialReading,
    );
    const id = await addReading({ meterId: meter.id, current: last + 12.5, photo: { blob: await jpeg(), width: 8, height: 8, hash: 'y' } });
    faults.push('lose');
    await replayAll(engine);
    const readings = (await get(`/api/binyan/meters/${meter.id}/readings`)).records;
    expect(readings.filter((r) => r.id === id)).toHaveLength(1);
    expect(await db.meterReadings.get(id)).toMatchObject({ syncState: 'synced', consumption: 12.5 });
  });

  it('pulls open calls without overwriting a call with pending changes', async () => {
    const api = createApiClient({ baseUrl: `${server.baseUrl}/api`, getToken: () => token });
    await pullServiceCalls(api, { buildingId: 102, tab: 'open' });
    const some = await db.serviceCalls.filter((call) => call.buildingId === 102).first();
    if (!some) throw new Error('no open calls pulled');
    await updateServiceCall(some.id, { subject: 'local edit' });
    await pullServiceCalls(api, { buildingId: 102, tab: 'open' });
    expect(await db.serviceCalls.get(some.id)).toMatchObject({ subject: 'local edit', syncState: 'local' });
  });
});
