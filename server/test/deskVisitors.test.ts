// The front desk's visitors log (receptionist module): arrivals and departures, once each, for the
// desk's building only, and only with the module switched on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Visitor = { id: string; name: string; apartment: string; arrivedAt: string; leftAt: string | null; createdBy: string };
type Reply = { records?: Visitor[]; visitor?: Partial<Visitor>; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();
const as = (user: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  call<Reply>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['shimon', 'moshe', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
});
afterAll(async () => server?.close());

describe('visitors log', () => {
  it('logs a visitor’s arrival once and the first departure, for the guard’s building', async () => {
    const id = newId();
    const arrival = { id, buildingId: 102, name: 'דני שליח', apartment: '7', arrivedAt: '2026-11-24T09:15:00.000Z' };
    const key = newId();
    expect((await as('shimon', 'POST', '/visitors', arrival, key)).status).toBe(201);
    expect((await as('shimon', 'POST', '/visitors', arrival, key)).status).toBe(201);
    expect((await as('shimon', 'POST', `/visitors/${id}/leave`, { leftAt: '2026-11-24T09:40:00.000Z' })).status).toBe(200);
    expect((await as('shimon', 'POST', `/visitors/${id}/leave`, { leftAt: '2026-11-24T10:00:00.000Z' })).status).toBe(200);
    const log = (await as('shimon', 'GET', `/buildings/102/visitors?since=2026-11-24T00:00:00.000Z`)).body.records ?? [];
    expect(log.filter((v) => v.id === id)).toMatchObject([
      { name: 'דני שליח', apartment: '7', arrivedAt: '2026-11-24T09:15:00.000Z', leftAt: '2026-11-24T09:40:00.000Z', createdBy: 'שמעון דהן' },
    ]);
  });

  it('refuses a visitor without a name, another building, and a tenant', async () => {
    expectRefused(
      await as('shimon', 'POST', '/visitors', { id: newId(), buildingId: 102, name: '', apartment: '', arrivedAt: '2026-11-24T09:15:00.000Z' }),
      'requiredField',
      { field: 'name' },
    );
    expect(
      (await as('shimon', 'POST', '/visitors', { id: newId(), buildingId: 101, name: 'אורח', apartment: '', arrivedAt: '2026-11-24T09:15:00.000Z' })).status,
    ).toBe(403);
    expect((await as('moshe', 'GET', '/buildings/101/visitors')).status).toBe(403);
  });
});
