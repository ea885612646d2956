// "Take the day offline" against the REAL reference server, on a date whose demo plan leaves out the
// worker's current building (the plan rotates avi's four buildings by date: server/src/plan/dailyPlan.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/client';
import type { ApiClient } from '../../src/api/client';
import { takeDayOffline } from '../../src/app/takeDayOffline';
import { db } from '../../src/db/db';
import { takenBuilding, takenBuildings } from '../../src/db/takenBuildings';
import { registerKey } from '../../src/features/items/itemsRepo';
import { call, loginAs, newId, startTestServer } from '../../server/test/harness';
import { openDatabase } from '../../server/src/db/open';
import { syncChanges } from '../../server/src/data/syncChanges';
import { updateServiceCall } from '../../src/features/service-calls/serviceCallsRepo';
import type { TestServer } from '../../server/test/harness';
import { setActorSource } from '../../src/sync/write/actor';
import { userKeyOf } from '../../src/sync/write/userKey';

type Plan = { plan: { entries: Array<{ buildingId: number; order: number }> } };
type Call = { id: string; buildingId: number; status: string };

let server: TestServer;
let token: string;
let api: ApiClient;
/** The requests the client made (path and query), newest last. */
let sent: string[] = [];
/** The next answers to give instead of the server's, by a path fragment (a provider without the call). */
const refuse = new Map<string, number>();
/** Requests held until the promise settles, by a path fragment (a slow photo download). */
const hold = new Map<string, Promise<void>>();

/** The photo downloads (full size or the batched small copies) go within the photo budget, apart from the data. */
const dataRequests = (paths: readonly string[]) => paths.filter((path) => !path.includes('/files/getImg') && !path.includes('/files/smallImages'));

const get = async <T>(path: string) => (await call<T>(server, 'GET', path, { token })).body;

/** The first date from 2026-01-01 whose plan for avi leaves out `buildingId`, with that plan's buildings. */
async function dateLeavingOut(buildingId: number): Promise<{ date: string; planned: number[] }> {
  for (let day = 0; day < 14; day++) {
    const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
    const { plan } = await get<Plan>(`/api/binyan/daily-plan?date=${date}`);
    const planned = [...plan.entries].sort((a, b) => a.order - b.order).map((e) => e.buildingId);
    if (!planned.includes(buildingId)) return { date, planned };
  }
  throw new Error(`no date leaves out building ${buildingId}`);
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await loginAs(server, 'avi')).token;
  const counting: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    sent.push(`${url.pathname}${url.search}`);
    for (const [fragment, status] of refuse)
      if (url.pathname.includes(fragment)) return new Response('{}', { status, headers: { 'content-type': 'application/json' } });
    for (const [fragment, released] of hold) if (url.pathname.includes(fragment)) await released;
    return fetch(input, init);
  };
  api = createApiClient({ baseUrl: `${server.baseUrl}/api`, getToken: () => token, fetch: counting });
});
afterAll(async () => server.close());
beforeEach(async () => {
  sent = [];
  refuse.clear();
  hold.clear();
  await Promise.all(db.tables.map((t) => t.clear()));
  setActorSource(async () => ({ userKey: await userKeyOf(1001, 'avi'), userName: 'avi', workerGuid: '', userId: null, displayName: 'אבי כהן' }));
});

describe('take the day offline', () => {
  it('takes every assigned building, the plan first, when the plan leaves out the current building', async () => {
    const { date, planned } = await dateLeavingOut(101);
    expect(planned).toHaveLength(3);
    const result = await takeDayOffline(api, { date, currentBuildingId: 101 });
    expect(result.failed).toEqual([]);
    expect(result.failedBuildings).toEqual([]);
    expect(result.buildingIds).toEqual([...planned, 101]);
    expect([...(await takenBuildings()).keys()].sort()).toEqual([101, 102, 103, 104]);
    // The current building's screens have what they read offline: counters with readings, apartments.
    const meters = await db.meters.where('buildingId').equals(101).toArray();
    expect(meters.length).toBeGreaterThan(0);
    expect(await db.meterReadings.where('buildingId').equals(101).count()).toBeGreaterThan(0);
    expect(await db.apartments.where('buildingId').equals(101).count()).toBeGreaterThan(0);
  });

  it('keeps the history of the open and planned calls: their updates', async () => {
    const { records: open } = await get<{ records: Call[] }>('/api/binyan/service-calls?tab=open&buildingId=101');
    const { records: planned } = await get<{ records: Call[] }>('/api/binyan/service-calls?tab=planned&buildingId=101');
    expect(planned.length).toBeGreaterThan(0);
    const plannedCall = planned[0] as Call;
    const text = 'Supplier confirmed the visit for next week';
    const added = await call(server, 'POST', `/api/binyan/service-calls/${plannedCall.id}/updates`, { token, body: { id: newId(), text } });
    expect(added.status).toBe(201);

    await takeDayOffline(api, { currentBuildingId: 101 });
    expect((await db.serviceCalls.get(plannedCall.id))?.tab).toBe('planned');
    expect((await db.serviceCallUpdates.where('serviceCallId').equals(plannedCall.id).toArray()).map((u) => u.text)).toEqual([text]);
    let serverUpdates = 0;
    for (const c of open) serverUpdates += (await get<{ records: unknown[] }>(`/api/binyan/service-calls/${c.id}/updates`)).records.length;
    expect(serverUpdates).toBeGreaterThan(0);
    expect(
      await db.serviceCallUpdates
        .where('serviceCallId')
        .anyOf(open.map((c) => c.id))
        .count(),
    ).toBe(serverUpdates);
  });

  it('a take limited to the plan leaves out the other buildings, never the current one or one with unsent changes', async () => {
    const { date, planned } = await dateLeavingOut(101);
    await takeDayOffline(api, { date, currentBuildingId: 101 });
    expect(await takenBuilding(101)).not.toBeNull();

    const current = planned[0] as number;
    // The sign-in's take (not the worker's choice) leaves what an earlier take put on the phone.
    const signIn = await takeDayOffline(api, { date, scope: 'plan', keepOtherBuildings: true, currentBuildingId: current });
    expect(signIn.buildingIds).toEqual(planned);
    expect(await takenBuilding(101)).not.toBeNull();

    const limited = await takeDayOffline(api, { date, scope: 'plan', currentBuildingId: current });
    expect(limited.buildingIds).toEqual(planned);
    expect(await takenBuilding(101)).toBeNull();

    await registerKey({ buildingId: 101, apartmentId: null, contactId: null, registeredBy: 'avi', tagNumber: 'K-77', description: 'Roof door' });
    const withPending = await takeDayOffline(api, { date, scope: 'plan', currentBuildingId: current });
    expect(withPending.buildingIds).toEqual([...planned, 101]);
    expect(await takenBuilding(101)).not.toBeNull();
  });

  it("the sign-in's take resolves once the records are on the device, and the photos follow", async () => {
    let release = () => {};
    hold.set('/files/smallImages', new Promise<void>((resolve) => (release = resolve)));
    const { date } = await dateLeavingOut(101);
    const taken = await takeDayOffline(api, { date, currentBuildingId: 101, photos: 'later' });
    expect(taken.failed).toEqual([]);
    expect(await db.serviceCalls.count()).toBeGreaterThan(0);
    expect(await db.photos.count()).toBe(0);
    await expect.poll(() => sent.some((path) => path.startsWith('/api/files/smallImages'))).toBe(true);
    release();
    await expect.poll(() => db.photos.count(), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('takes everything in a few requests, and a second take with nothing changed in one that brings nothing', async () => {
    const first = await takeDayOffline(api, { currentBuildingId: 101 });
    expect(first.failed).toEqual([]);
    expect([...first.buildingIds].sort()).toEqual([101, 102, 103, 104]);
    const data = dataRequests(sent);
    expect(data.every((path) => path.startsWith('/api/binyan/sync/changes'))).toBe(true);
    expect(data.length).toBeLessThanOrEqual(3);
    const calls = await db.serviceCalls.count();
    const readings = await db.meterReadings.count();

    sent = [];
    const second = await takeDayOffline(api, { currentBuildingId: 101 });
    expect(second.buildingIds).toEqual(first.buildingIds);
    expect(sent).toHaveLength(1);
    expect(second.requests).toBe(1);
    expect(await db.serviceCalls.count()).toBe(calls);
    expect(await db.meterReadings.count()).toBe(readings);
  });

  it('a second take brings only what others changed, and keeps the changes made here not sent yet', async () => {
    await takeDayOffline(api, { currentBuildingId: 101 });
    const { records: open } = await get<{ records: (Call & { version: number; priority: string })[] }>('/api/binyan/service-calls?tab=open&buildingId=101');
    const [closedElsewhere, changedHere] = open as [Call & { version: number }, Call & { version: number; priority: string }];
    const dana = (await loginAs(server, 'dana')).token;
    const made = await call<{ record: Call }>(server, 'POST', '/api/binyan/service-calls', {
      token: dana,
      body: { id: newId(), buildingId: 101, domain: 'plumbing', description: 'נזילה מתחת לכיור במטבח' },
    });
    await call(server, 'PATCH', `/api/binyan/service-calls/${closedElsewhere.id}`, {
      token: dana,
      body: { baseVersion: closedElsewhere.version, changes: { status: 'closed' } },
    });
    await call(server, 'PATCH', `/api/binyan/service-calls/${changedHere.id}`, {
      token: dana,
      body: { baseVersion: changedHere.version, changes: { subject: 'שונה במשרד' } },
    });
    await updateServiceCall(changedHere.id, { priority: 'urgent' });

    sent = [];
    await takeDayOffline(api, { currentBuildingId: 101 });
    expect(dataRequests(sent)).toHaveLength(1);
    expect(await db.serviceCalls.get(made.body.record.id)).toBeDefined();
    expect(await db.serviceCalls.get(closedElsewhere.id)).toBeUndefined();
    // The row waiting to be sent keeps its change; only the server's version is noted.
    const mine = await db.serviceCalls.get(changedHere.id);
    expect(mine).toMatchObject({ priority: 'urgent', syncState: 'local', serverVersion: changedHere.version + 1 });
  });

  it('takes everything whole again when the server no longer keeps the changes since the last take', async () => {
    await takeDayOffline(api, { currentBuildingId: 101 });
    const dana = (await loginAs(server, 'dana')).token;
    const made = await call<{ record: Call }>(server, 'POST', '/api/binyan/service-calls', {
      token: dana,
      body: { id: newId(), buildingId: 104, domain: 'electricity', description: 'מנורה שרופה בלובי הכניסה' },
    });
    const serverDb = openDatabase(server.database);
    try {
      await syncChanges.purge(serverDb, new Date(Date.now() + 60_000).toISOString());
    } finally {
      await serverDb.close();
    }
    sent = [];
    const again = await takeDayOffline(api, { currentBuildingId: 101 });
    expect(again.failed).toEqual([]);
    expect(await db.serviceCalls.get(made.body.record.id)).toBeDefined();
    // The refused cursor, then the buildings whole.
    expect(sent.filter((path) => path.includes('/sync/changes')).length).toBeGreaterThanOrEqual(2);
  });

  it('takes the day building by building from a server without the incremental pull', async () => {
    refuse.set('/sync/changes', 404);
    const result = await takeDayOffline(api, { currentBuildingId: 101 });
    expect(result.failed).toEqual([]);
    expect([...result.buildingIds].sort()).toEqual([101, 102, 103, 104]);
    expect(result.requests).toBeUndefined();
    expect(sent.some((path) => path.startsWith('/api/binyan/buildings/101/apartments'))).toBe(true);
    expect(await db.apartments.where('buildingId').equals(101).count()).toBeGreaterThan(0);
  });
});
