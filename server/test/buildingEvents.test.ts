// Building events (issue 16): staff and the committee schedule them, every tenant of the building sees
// them with their times; start before end; a past event cannot be deleted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Event = { id: string; title: string; start: string; end: string; createdBy: string; version: number };
type Reply = { record?: Event; records?: Event[]; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();
beforeAll(async () => {
  server = await startTestServer({ sessionIdleMinutes: 30 * 24 * 60 });
  for (const name of ['rina', 'moshe', 'avi', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Reply>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });
const day = (n: number) => addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), n);

describe('building events', () => {
  it('lets the committee schedule an event that the building’s tenants see with its time', async () => {
    const id = newId();
    const created = await as('rina', 'POST', '/building-events', {
      id,
      buildingId: 101,
      title: 'ריסוס נגד מזיקים',
      notes: 'לסגור חלונות',
      start: `${day(2)}T09:00`,
      end: `${day(2)}T11:00`,
    });
    expect(created.status).toBe(201);
    expect(created.body.record).toMatchObject({ createdBy: 'רינה ביטון', version: 1 });
    const seen = (await as('moshe', 'GET', '/buildings/101/events')).body.records ?? [];
    expect(seen.find((e) => e.id === id)).toMatchObject({ title: 'ריסוס נגד מזיקים', start: `${day(2)}T09:00`, end: `${day(2)}T11:00` });
    const changed = await as('rina', 'PATCH', `/building-events/${id}`, { baseVersion: 1, changes: { start: `${day(2)}T10:00` } });
    expect(changed.body.record).toMatchObject({ start: `${day(2)}T10:00`, version: 2 });
    expectRefused(await as('rina', 'PATCH', `/building-events/${id}`, { baseVersion: 2, changes: { end: `${day(2)}T09:00` } }), 'startMustBeBeforeEnd', {
      field: 'end',
    });
  });

  it('refuses an event from a tenant or a worker, and a title-less one', async () => {
    const body = { id: newId(), buildingId: 101, title: 'יום ניקיון', start: `${day(3)}T08:00`, end: `${day(3)}T10:00` };
    expect((await as('moshe', 'POST', '/building-events', body)).status).toBe(403);
    expect((await as('avi', 'POST', '/building-events', body)).status).toBe(403);
    expectRefused(await as('miri', 'POST', '/building-events', { ...body, title: ' ' }), 'requiredField', { field: 'title' });
  });

  it('deletes a coming event but not one that has begun', async () => {
    const soon = newId();
    await as('miri', 'POST', '/building-events', { id: soon, buildingId: 101, title: 'החלפת מנעול', start: `${day(1)}T08:00`, end: `${day(1)}T09:00` });
    const later = newId();
    await as('miri', 'POST', '/building-events', { id: later, buildingId: 101, title: 'בדיקת גז', start: `${day(4)}T08:00`, end: `${day(4)}T09:00` });
    expect((await as('miri', 'DELETE', `/building-events/${later}?baseVersion=1`)).status).toBe(200);
    server.clock.advance(2 * 24 * 60 * 60_000);
    expectRefused(await as('miri', 'DELETE', `/building-events/${soon}?baseVersion=1`), 'cannotDeletePastOrPaidEvent', {
      code: 'CANNOT_DELETE_PAST_OR_PAID_EVENT',
    });
  });
});
