// Setting up a building's rooms (issue 16): staff and the committee add a room and change its hours,
// booking rules and fee; the shared rule (lib/domain/bookingRules.ts validateRoom) refuses bad
// settings; tenants only book. A changed fee applies to the next booking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';
import { approveTerms } from './terms.ts';

type Room = { id: string; buildingId: number; name: string; opensAt: string; closesAt: string; slotMinutes: number; feeAgorot: number; version: number };
type Body = {
  record?: Room & { feeAgorot: number };
  records?: Room[];
  apartments?: { debts: { description: string; openAgorot: number }[] }[];
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['moshe', 'rina', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
  await approveTerms(server, tokens.get('moshe') ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Body>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });
const gym = {
  name: 'חדר כושר',
  opensAt: '06:00',
  closesAt: '22:00',
  slotMinutes: 60,
  bufferMinutes: 0,
  maxDaysAhead: 7,
  maxFutureBookingsPerApartment: 3,
  feeAgorot: 0,
};
const create = (user: string, fields: Partial<typeof gym>, buildingId = 101) => as(user, 'POST', '/rooms', { id: newId(), buildingId, ...gym, ...fields });

describe('adding and changing rooms', () => {
  it('lets the committee add a room the tenants then see and book', async () => {
    const added = await create('rina', {});
    expect(added.status).toBe(201);
    expect(added.body.record).toMatchObject({ buildingId: 101, name: 'חדר כושר', version: 1 });
    const seen = (await as('moshe', 'GET', '/buildings/101/rooms')).body.records?.find((r) => r.id === added.body.record?.id);
    expect(seen).toMatchObject({ opensAt: '06:00', closesAt: '22:00', slotMinutes: 60 });
  });

  it('refuses hours that close before they open, a slot longer than the day, bad numbers and a negative fee', async () => {
    expectRefused(await create('rina', { opensAt: '20:00', closesAt: '08:00' }), 'startMustBeBeforeEnd', { field: 'closesAt' });
    expectRefused(await create('rina', { opensAt: '7:5' }), 'invalidTime', { field: 'opensAt' });
    expectRefused(await create('rina', { opensAt: '21:00', slotMinutes: 120 }), 'slotLongerThanOpeningHours', { field: 'slotMinutes' });
    expectRefused(await create('rina', { slotMinutes: 0 }), 'invalidNumber', { field: 'slotMinutes' });
    expectRefused(await create('rina', { maxFutureBookingsPerApartment: 0 }), 'invalidNumber', { field: 'maxFutureBookingsPerApartment' });
    expectRefused(await create('rina', { feeAgorot: -100 }), 'invalidAmount', { field: 'feeAgorot' });
    expectRefused(await create('rina', { name: '  ' }), 'requiredField', { field: 'name' });
  });

  it('keeps tenants from adding or changing rooms, and the committee to its own buildings', async () => {
    expect((await create('moshe', {})).status).toBe(403);
    const rooms = (await as('moshe', 'GET', '/buildings/101/rooms')).body.records ?? [];
    expect((await as('moshe', 'PATCH', `/rooms/${rooms[0]?.id ?? ''}`, { baseVersion: 1, changes: { feeAgorot: 0 } })).status).toBe(403);
    expect((await create('rina', {}, 102)).body.error?.code).toBe('BUILDING_NOT_ASSIGNED');
  });

  it('applies a changed fee to the next booking, and refuses a change from an old version', async () => {
    const room = (await as('miri', 'GET', '/buildings/101/rooms')).body.records?.find((r) => r.name === 'חדר כושר');
    if (!room) throw new Error('added above');
    const changed = await as('miri', 'PATCH', `/rooms/${room.id}`, { baseVersion: room.version, changes: { feeAgorot: 2_500, closesAt: '23:00' } });
    expect(changed.status).toBe(200);
    expect(changed.body.record).toMatchObject({ feeAgorot: 2_500, closesAt: '23:00', opensAt: '06:00', version: room.version + 1 });
    expect((await as('rina', 'PATCH', `/rooms/${room.id}`, { baseVersion: room.version, changes: { feeAgorot: 0 } })).status).toBe(409);
    expectRefused(await as('rina', 'PATCH', `/rooms/${room.id}`, { baseVersion: room.version + 1, changes: { closesAt: '05:00' } }), 'startMustBeBeforeEnd', {
      field: 'closesAt',
    });

    const tomorrow = addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), 1);
    const booked = await as('moshe', 'POST', '/room-bookings', { id: newId(), roomId: room.id, start: `${tomorrow}T22:00`, end: `${tomorrow}T23:00` });
    expect(booked.body.record).toMatchObject({ feeAgorot: 2_500 });
    const debts = (await as('moshe', 'GET', '/my/account')).body.apartments?.[0]?.debts ?? [];
    expect(debts.filter((d) => d.description.startsWith('חדר כושר')).map((d) => d.openAgorot)).toEqual([2_500]);
  });
});
