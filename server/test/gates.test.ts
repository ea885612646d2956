// Gates (issue 16): a tenant sees and opens only their building's gates; "open" records the request and
// calls the gate once through the dialer, even when the request is repeated; staff and the committee
// manage gates, a public one only through the committee (spec 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialRequest } from '../src/gates/gateDialer.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Gate = { id: string; name: string; gatePhone: string; dialingPhones: string[]; isPublic: boolean; version: number };
type Reply = {
  record?: Gate & { status?: string; dialedFrom?: string };
  records?: Gate[];
  tel?: string;
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const dials: DialRequest[] = [];
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await startTestServer({
    gateDialer: {
      dial: async (request) => (dials.push(request), { status: 'dialed', reason: null }),
      ringWithCode: async () => ({ status: 'dialed', reason: null }),
    },
  });
  for (const name of ['moshe', 'tali', 'rina', 'miri', 'avi']) tokens.set(name, (await loginAs(server, name)).token);
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<Reply>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
const gatesOf = async (user: string, bid: number) => (await as(user, 'GET', `/buildings/${bid}/gates`)).body.records ?? [];

describe('gates', () => {
  it('opens a gate of the tenant’s building: one call from the tenant’s own allowed number, a tel: link to dial', async () => {
    const parking = (await gatesOf('tali', 101)).find((g) => g.name === 'שער חניון');
    if (!parking) throw new Error('the demo building has a parking gate');
    const key = crypto.randomUUID();
    const body = { id: newId() };
    const opened = await as('tali', 'POST', `/gates/${parking.id}/open`, body, key);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ tel: `tel:${parking.gatePhone}`, record: { status: 'dialed', dialedFrom: '0545556677' } });
    // The phone retries the same request: the stored answer, no second call.
    expect((await as('tali', 'POST', `/gates/${parking.id}/open`, body, key)).body).toEqual(opened.body);
    expect(dials.filter((d) => d.gateId === parking.id)).toEqual([
      { companyId: 1001, gateId: parking.id, gatePhone: parking.gatePhone, from: '0545556677', openingId: body.id },
    ]);
  });

  it('keeps a tenant to their own building’s gates', async () => {
    const other = (await gatesOf('miri', 102))[0];
    expect((await as('moshe', 'GET', '/buildings/102/gates')).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
    expect((await as('moshe', 'POST', `/gates/${other?.id ?? ''}/open`, { id: newId() })).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
  });

  it('lets staff manage a private gate, and only the committee a public one', async () => {
    const gate = { id: newId(), buildingId: 101, name: 'שער אופניים', gatePhone: '03-555-1234', dialingPhones: ['050-111-2233', ''], isPublic: false };
    const created = await as('miri', 'POST', '/gates', gate);
    expect(created.status).toBe(201);
    expect(created.body.record).toMatchObject({ gatePhone: '035551234', dialingPhones: ['0501112233'] });
    const publicByStaff = await as('miri', 'PATCH', `/gates/${gate.id}`, { baseVersion: 1, changes: { isPublic: true } });
    expect(publicByStaff.status).toBe(403);
    expect(publicByStaff.body.error).toMatchObject({ code: 'PUBLIC_GATE_ONLY_BY_COMMITTEE', messageKey: 'errors:publicGateOnlyByCommittee' });
    expect((await as('miri', 'POST', '/gates', { ...gate, id: newId(), isPublic: true })).status).toBe(403);
    const main = (await gatesOf('miri', 101)).find((g) => g.isPublic);
    expect((await as('miri', 'DELETE', `/gates/${main?.id ?? ''}?baseVersion=1`)).status).toBe(403);

    const publicByCommittee = await as('rina', 'PATCH', `/gates/${gate.id}`, { baseVersion: 1, changes: { isPublic: true } });
    expect(publicByCommittee.body.record).toMatchObject({ isPublic: true, version: 2 });
    expectRefused(await as('rina', 'PATCH', `/gates/${gate.id}`, { baseVersion: 2, changes: { gatePhone: '12' } }), 'invalidPhone', { field: 'gatePhone' });
    expectRefused(await as('rina', 'PATCH', `/gates/${gate.id}`, { baseVersion: 2, changes: { dialingPhones: [] } }), 'requiredField', {
      field: 'dialingPhones',
    });
    expect((await as('rina', 'DELETE', `/gates/${gate.id}?baseVersion=2`)).status).toBe(200);
    expect((await gatesOf('rina', 101)).map((g) => g.id)).not.toContain(gate.id);
  });

  it('refuses gate management to tenants and workers', async () => {
    const body = { id: newId(), buildingId: 101, name: 'שער', gatePhone: '035551234', dialingPhones: ['0501112233'], isPublic: false };
    expect((await as('moshe', 'POST', '/gates', body)).body.error?.code).toBe('NOT_ALLOWED');
    expect((await as('avi', 'POST', '/gates', body)).body.error?.code).toBe('NOT_ALLOWED');
  });
});
