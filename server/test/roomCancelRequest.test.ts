// Late cancellation (issue 16; spec 4): from the day of the booking a tenant cannot cancel it, so the
// app asks the management company for them; the request shows in the company's booking list, where
// staff cancel it. Only the booking's own apartment may ask, and asking twice is one request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallMinutes } from '../../src/lib/domain/bookingRules.ts';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Booking = {
  id: string;
  roomId: string;
  status: string;
  version: number;
  cancelRequestedAt: string | null;
  cancelRequestedBy: string | null;
  cancelledBy: string | null;
};
type Body = { record?: Booking; records?: (Booking & { name: string })[]; error?: { code: string; messageKey: string } };

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer({ sessionIdleMinutes: 7 * 24 * 60 });
  for (const name of ['moshe', 'tali', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens.get(name) ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Body>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });

describe('asking the management company to cancel', () => {
  it('takes the request on the day of the booking and shows it to staff, who cancel it', async () => {
    const club = (await as('tali', 'GET', '/buildings/101/rooms')).body.records?.find((r) => r.name === 'חדר מועדון');
    const day = addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), 1);
    const booking = (await as('tali', 'POST', '/room-bookings', { id: newId(), roomId: club?.id, start: `${day}T18:00`, end: `${day}T19:00` })).body.record;
    if (!booking) throw new Error('booked');
    server.clock.advance((wallMinutes(`${day}T08:00`) - wallMinutes(israelWallClock(server.clock.now()))) * 60_000);

    expectRefused(await as('tali', 'DELETE', `/room-bookings/${booking.id}?baseVersion=1`), 'cancelThroughManagementCompany');
    expect((await as('moshe', 'POST', `/room-bookings/${booking.id}/cancel-request`, {})).status).toBe(403);
    const asked = await as('tali', 'POST', `/room-bookings/${booking.id}/cancel-request`, {});
    expect(asked.status).toBe(200);
    expect(asked.body.record).toMatchObject({ status: 'booked', cancelRequestedBy: 'טלי גולן', version: 2 });
    expect((await as('tali', 'POST', `/room-bookings/${booking.id}/cancel-request`, {})).body.record).toMatchObject({ version: 2 });

    const seen = (await as('miri', 'GET', '/room-bookings?buildingId=101')).body.records?.find((b) => b.id === booking.id);
    expect(seen).toMatchObject({ cancelRequestedBy: 'טלי גולן' });
    expect(seen?.cancelRequestedAt).toBe(asked.body.record?.cancelRequestedAt);
    const cancelled = await as('miri', 'DELETE', `/room-bookings/${booking.id}?baseVersion=2`);
    expect(cancelled.body.record).toMatchObject({ status: 'cancelled', cancelledBy: 'מירי אברהם' });
  });

  it('refuses a request once the booking has begun', async () => {
    const club = (await as('tali', 'GET', '/buildings/101/rooms')).body.records?.find((r) => r.name === 'חדר מועדון');
    const now = israelWallClock(server.clock.now());
    const day = now.slice(0, 10);
    const booking = (await as('tali', 'POST', '/room-bookings', { id: newId(), roomId: club?.id, start: `${day}T10:00`, end: `${day}T11:00` })).body.record;
    if (!booking) throw new Error('booked');
    server.clock.advance((wallMinutes(`${day}T10:30`) - wallMinutes(now)) * 60_000);
    expectRefused(await as('tali', 'POST', `/room-bookings/${booking.id}/cancel-request`, {}), 'cannotDeletePastOrPaidEvent');
  });
});
