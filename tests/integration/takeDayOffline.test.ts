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
import type { TestServer } from '../../server/test/harness';
import { setActorSource } from '../../src/sync/actor';
import { userKeyOf } from '../../src/sync/sessionPort';

type Plan = { plan: { entries: Array<{ buildingId: number; order: number }> } };
type Call = { id: string; buildingId: number; status: string };

let server: TestServer;
let token: string;
let api: ApiClient;

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
  api = createApiClient({ baseUrl: `${server.baseUrl}/api`, getToken: () => token });
});
afterAll(async () => server.close());
beforeEach(async () => {
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
    expect(await db.serviceCallUpdates.where('serviceCallId').anyOf(open.map((c) => c.id)).count()).toBe(serverUpdates);
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
});
