// Room booking (issue 16): the server is the authority on overlaps (two tenants booking one slot at
// once: one wins, the other gets "event overlaps"), quotas, the cancellation deadline and who sees what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallMinutes } from '../../src/lib/domain/bookingRules.ts';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';

type Booking = {
  id: string;
  roomId: string;
  apartmentId: string;
  start: string;
  end: string;
  status: string;
  bookedBy: string;
  mine: boolean;
  version: number;
};
type Room = { id: string; name: string; slotMinutes: number; maxFutureBookingsPerApartment: number };
type Reply = { record?: Booking; records?: (Booking & Room)[]; myApartmentId?: string | null; error?: { code: string; messageKey: string; field?: string } };

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  // Days pass in these tests (the cancellation deadline): sessions must outlive them.
  server = await startTestServer({ sessionIdleMinutes: 30 * 24 * 60 });
  for (const name of ['moshe', 'tali', 'miri', 'rina']) tokens.set(name, (await loginAs(server, name)).token);
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens.get(name) ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Reply>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });
const today = () => israelWallClock(server.clock.now()).slice(0, 10);
const day = (n: number) => addLocalDays(today(), n);

async function roomsOf(user: string, buildingId = 101): Promise<{ club: Room; roof: Room }> {
  const list = (await as(user, 'GET', `/buildings/${buildingId}/rooms`)).body.records ?? [];
  const club = list.find((r) => r.name === 'חדר מועדון');
  const roof = list.find((r) => r.name === 'גג משותף');
  if (!club || !roof) throw new Error('the demo building has a club room and a roof');
  return { club, roof };
}

const book = (user: string, roomId: string, start: string, end: string) => as(user, 'POST', '/room-bookings', { id: newId(), roomId, start, end });

describe('booking a room', () => {
  it('books a free slot for the tenant’s own apartment and shows it in the calendar as theirs', async () => {
    const { club } = await roomsOf('moshe');
    const booked = await book('moshe', club.id, `${day(1)}T10:00`, `${day(1)}T11:00`);
    expect(booked.status).toBe(201);
    expect(booked.body.record).toMatchObject({ status: 'booked', mine: true, bookedBy: 'משה פרץ' });
    const calendar = await as('moshe', 'GET', `/rooms/${club.id}/bookings?from=${day(0)}&days=7`);
    expect(calendar.body.records?.find((b) => b.id === booked.body.record?.id)).toMatchObject({ mine: true, start: `${day(1)}T10:00` });
  });

  it('lets one of two tenants booking the same slot at the same moment win; the other gets "event overlaps"', async () => {
    const { club } = await roomsOf('moshe');
    const [a, b] = await Promise.all([
      book('moshe', club.id, `${day(2)}T14:00`, `${day(2)}T15:00`),
      book('tali', club.id, `${day(2)}T14:00`, `${day(2)}T15:00`),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    const loser = a.status === 422 ? a : b;
    expectRefused(loser, 'eventOverlaps', { code: 'EVENT_OVERLAPS', field: 'start' });
    const slot = (await as('tali', 'GET', `/rooms/${club.id}/bookings?from=${day(2)}&days=1`)).body.records?.filter(
      (x) => x.start === `${day(2)}T14:00` && x.status === 'booked',
    );
    expect(slot).toHaveLength(1);
    // Either tenant may have won: the winner cancels, so the later tests' quotas do not depend on who.
    const [winner, won] = a.status === 201 ? ['moshe', a] : ['tali', b];
    expect((await as(winner, 'DELETE', `/room-bookings/${won.body.record?.id ?? ''}?baseVersion=1`)).status).toBe(200);
  });

  it('refuses a booking within the room’s buffer of another, start after end, and hides other tenants’ names', async () => {
    const { club } = await roomsOf('tali');
    expect((await book('tali', club.id, `${day(4)}T12:00`, `${day(4)}T13:00`)).status).toBe(201);
    // The club room keeps 30 minutes between bookings.
    expectRefused(await book('moshe', club.id, `${day(4)}T13:00`, `${day(4)}T14:00`), 'eventOverlaps');
    expectRefused(await book('moshe', club.id, `${day(4)}T16:00`, `${day(4)}T15:00`), 'startMustBeBeforeEnd', { field: 'end' });
    const seen = (await as('moshe', 'GET', `/rooms/${club.id}/bookings?from=${day(4)}&days=1`)).body.records?.find((x) => x.start === `${day(4)}T12:00`);
    expect(seen).toMatchObject({ mine: false, bookedBy: '', apartmentId: '' });
  });

  it('refuses more future bookings than the room allows an apartment', async () => {
    const { roof } = await roomsOf('tali');
    expect(roof.maxFutureBookingsPerApartment).toBe(1);
    expect((await book('tali', roof.id, `${day(1)}T10:00`, `${day(1)}T12:00`)).status).toBe(201);
    expectRefused(await book('tali', roof.id, `${day(3)}T10:00`, `${day(3)}T12:00`), 'noMoreEventsForApartment', { code: 'NO_MORE_EVENTS_FOR_APARTMENT' });
  });

  it('keeps a tenant to the rooms of their own building', async () => {
    const other = await as('miri', 'GET', '/buildings/102/rooms');
    const roomId = other.body.records?.[0]?.id ?? '';
    expect((await as('moshe', 'GET', '/buildings/102/rooms')).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
    expect((await book('moshe', roomId, `${day(1)}T08:00`, `${day(1)}T09:00`)).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
  });
});

describe('cancelling a booking', () => {
  it('cancels until the day before; on the day only through the management company; never once past', async () => {
    const { club } = await roomsOf('tali');
    const [d4, d6] = [day(4), day(6)];
    const booked = (await book('tali', club.id, `${d6}T09:00`, `${d6}T10:00`)).body.record;
    if (!booked) throw new Error('booked');
    // Another tenant cannot cancel it.
    expect((await as('moshe', 'DELETE', `/room-bookings/${booked.id}?baseVersion=1`)).body.error?.code).toBe('FORBIDDEN');
    // Her booking four days ahead (earlier test) is cancelled by her; the slot is free again.
    const early = (await as('tali', 'GET', `/rooms/${club.id}/bookings?from=${d4}&days=1`)).body.records?.find((b) => b.mine && b.status === 'booked');
    const cancelled = await as('tali', 'DELETE', `/room-bookings/${early?.id ?? ''}?baseVersion=1`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.record).toMatchObject({ status: 'cancelled', cancelledBy: 'טלי גולן' });
    expect((await book('tali', club.id, `${d4}T12:00`, `${d4}T13:00`)).status).toBe(201);

    // Move the clock to 00:30 on the day of the booking.
    const target = `${d6}T00:30`;
    server.clock.advance((wallMinutes(target) - wallMinutes(israelWallClock(server.clock.now()))) * 60_000);
    expectRefused(await as('tali', 'DELETE', `/room-bookings/${booked.id}?baseVersion=1`), 'cancelThroughManagementCompany');
    const staffList = (await as('miri', 'GET', '/room-bookings?buildingId=101')).body.records ?? [];
    expect(staffList.find((b) => b.id === booked.id)).toMatchObject({ bookedBy: 'טלי גולן', status: 'booked' });
    const byStaff = await as('miri', 'DELETE', `/room-bookings/${booked.id}?baseVersion=1`);
    expect(byStaff.status).toBe(200);
    expect(byStaff.body.record).toMatchObject({ status: 'cancelled', cancelledBy: 'מירי אברהם' });

    // Once it has begun, not even the management company cancels it.
    const running = (await as('tali', 'GET', `/rooms/${club.id}/bookings?from=${d4}&days=1`)).body.records?.find((b) => b.mine && b.status === 'booked');
    server.clock.advance((wallMinutes(`${d4}T12:30`) - wallMinutes(israelWallClock(server.clock.now()))) * 60_000);
    expectRefused(await as('miri', 'DELETE', `/room-bookings/${running?.id ?? ''}?baseVersion=1`), 'cannotDeletePastOrPaidEvent');
  });

  it('gives the staff view only to the management company', async () => {
    expect((await as('moshe', 'GET', '/room-bookings')).status).toBe(403);
    expect((await as('rina', 'GET', '/room-bookings')).status).toBe(403);
  });
});
