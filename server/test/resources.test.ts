// The seeded demo as the client sees it, and the read/plan resources.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';

type Rec = Record<string, unknown> & { id: string | number; version: number };
type Plan = { plan: { planDate: string; workerId: string; entries: { buildingId: number; order: number; checklist: { id: string; label: string }[] }[] } };

let server: TestServer;
let avi: string;
let dana: string;
let miri: string;
beforeAll(async () => {
  server = await startTestServer();
  avi = (await loginAs(server, 'avi')).token;
  dana = (await loginAs(server, 'dana')).token;
  miri = (await loginAs(server, 'miri')).token;
});
afterAll(async () => server.close());

const records = async (path: string, token = avi) => (await call<{ records: Rec[] }>(server, 'GET', path, { token })).body.records;

describe('demo data', () => {
  it('has six buildings in Israeli cities, one without a price per kWh, and about 80 apartments', async () => {
    // The manager sees every building of the company.
    const buildings = await records('/api/pos/building/units', miri);
    expect(buildings).toHaveLength(6);
    expect(buildings.filter((b) => b.pricePerKwh === null)).toHaveLength(1);
    expect(buildings.map((b) => b.city)).toContain('ירושלים');
    let apartments = 0;
    for (const b of buildings) apartments += (await records(`/api/binyan/buildings/${b.id}/apartments`, miri)).length;
    expect(apartments).toBeGreaterThanOrEqual(75);
    expect(apartments).toBeLessThanOrEqual(85);
    const contacts = await records('/api/binyan/buildings/101/contacts');
    expect(contacts.some((c) => c.role === 'owner')).toBe(true);
    expect(contacts.some((c) => /[\u0590-\u05FF]/.test(String(c.fullName)))).toBe(true);
  });

  it('has open, closed and planned calls with updates, meters with history and an EV charger', async () => {
    for (const tab of ['open', 'closed', 'planned']) expect((await records(`/api/binyan/service-calls?tab=${tab}`)).length, tab).toBeGreaterThan(0);
    const open = await records('/api/binyan/service-calls?tab=open');
    let withUpdates = 0;
    for (const c of open.slice(0, 10))
      withUpdates += (await call<{ updates: unknown[] }>(server, 'GET', `/api/binyan/service-calls/${c.id}`, { token: avi })).body.updates.length;
    expect(withUpdates).toBeGreaterThan(0);
    const meters = await records('/api/binyan/buildings/101/meters');
    expect(meters.some((m) => m.kind === 'evCharger')).toBe(true);
    expect((await records(`/api/binyan/meters/${meters[0]?.id}/readings`)).length).toBeGreaterThanOrEqual(3);
    expect((await records('/api/binyan/keys?buildingId=101')).length).toBeGreaterThan(0);
    expect((await records('/api/binyan/mail-items')).length).toBeGreaterThan(0);
    expect((await records('/api/binyan/buildings/102/facilities')).length).toBeGreaterThan(0);
    expect((await records('/api/binyan/debts?buildingId=101')).length).toBeGreaterThan(0);
  });

  it('filters service calls by since', async () => {
    const first = await call<{ records: Rec[]; serverTime: string }>(server, 'GET', '/api/binyan/service-calls?buildingId=106', { token: dana });
    expect(first.body.records.length).toBeGreaterThan(0);
    expect(await records(`/api/binyan/service-calls?buildingId=106&since=${encodeURIComponent(first.body.serverTime)}`, dana)).toHaveLength(0);
  });
});

describe('daily plan and visits', () => {
  it('gives every worker a plan for today and any date', async () => {
    const today = await call<Plan>(server, 'GET', '/api/binyan/daily-plan', { token: avi });
    expect(today.body.plan.entries.length).toBeGreaterThan(0);
    expect(today.body.plan.entries[0]?.checklist.length).toBeGreaterThan(0);
    const other = await call<Plan>(server, 'GET', '/api/binyan/daily-plan?date=2031-07-04', { token: dana });
    expect(other.body.plan).toMatchObject({ planDate: '2031-07-04' });
    expect(other.body.plan.entries.length).toBeGreaterThan(0);
    expect(other.body.plan.workerId).not.toBe(today.body.plan.workerId);
    expect((await call(server, 'GET', '/api/binyan/daily-plan?date=04/07/2031', { token: dana })).status).toBe(422);
  });

  it('records a visit with the planned checklist and ticks items', async () => {
    const plan = (await call<Plan>(server, 'GET', '/api/binyan/daily-plan?date=2030-03-03', { token: avi })).body.plan;
    const entry = plan.entries[0];
    const created = await call<{ record: Rec & { checklist: { id: string; done: boolean }[] } }>(server, 'POST', '/api/binyan/visits', {
      token: avi,
      body: { id: newId(), buildingId: entry?.buildingId, visitDate: '2030-03-03', description: 'ביקור שגרתי' },
    });
    expect(created.status).toBe(201);
    const checklist = created.body.record.checklist;
    expect(checklist.map((c) => c.id)).toEqual(entry?.checklist.map((c) => c.id));
    const ticked = await call<{ record: Rec }>(server, 'PATCH', `/api/binyan/visits/${created.body.record.id}`, {
      token: avi,
      body: { baseVersion: 1, changes: { madeToday: true, checklist: checklist.map((c, i) => ({ ...c, done: i === 0 })) } },
    });
    expect(ticked.body.record).toMatchObject({ madeToday: true, version: 2 });
    expect((await records('/api/binyan/visits?date=2030-03-03')).map((v) => v.id)).toContain(created.body.record.id);
  });
});
