// A room's fee in the one ledger (issue 16; spec 4): booking a room with a fee is a debt of the
// apartment the tenant sees and pays like any other; cancelling in time takes the debt back; once the
// fee is paid the booking is a paid event and cannot be deleted, by the tenant or the company.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCards } from '../../src/lib/cards.ts';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';
import { enteredCard } from './cardEntry.ts';

type Booking = {
  id: string;
  roomId: string;
  apartmentId: string;
  start: string;
  status: string;
  paid: boolean;
  feeAgorot: number;
  mine: boolean;
  version: number;
};
type Room = { id: string; name: string; feeAgorot: number };
type Debt = { id: string; kind: string; description: string; openAgorot: number; dueDate: string };
type Account = { apartmentId: string; debts: Debt[] };
type Body = {
  record?: Booking & { id: string };
  records?: (Booking & Room)[];
  apartments?: Account[];
  quote?: { total: number };
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['moshe', 'tali', 'miri']) tokens.set(name, (await loginAs(server, name)).token);
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens.get(name) ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, `/api/binyan${path}`, {
    token: tokens.get(user) ?? '',
    ...(body !== undefined ? { body } : {}),
    ...(key ? { idempotencyKey: key } : {}),
  });
const day = (n: number) => addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), n);
const roomNamed = async (name: string): Promise<Room> => {
  const room = (await as('miri', 'GET', '/buildings/101/rooms')).body.records?.find((r) => r.name === name);
  if (!room) throw new Error(name);
  return room;
};
const account = async (user: string): Promise<Account> => {
  const [home] = (await as(user, 'GET', '/my/account')).body.apartments ?? [];
  if (!home) throw new Error(`${user} has an apartment`);
  return home;
};
const feeDebts = async (user: string) => (await account(user)).debts.filter((d) => d.description.startsWith('גג משותף'));
const book = (user: string, roomId: string, start: string, end: string, apartmentId?: string) =>
  as(user, 'POST', '/room-bookings', { id: newId(), roomId, start, end, ...(apartmentId ? { apartmentId } : {}) });
const calendarRow = async (user: string, roomId: string, from: string, id: string) =>
  (await as(user, 'GET', `/rooms/${roomId}/bookings?from=${from}&days=1`)).body.records?.find((b) => b.id === id);

describe('a room with a fee', () => {
  it('charges the fee to the apartment as a special debt, due on the day of the booking', async () => {
    const roof = await roomNamed('גג משותף');
    expect(roof.feeAgorot).toBe(15_000);
    const booked = await book('moshe', roof.id, `${day(2)}T10:00`, `${day(2)}T12:00`);
    expect(booked.status).toBe(201);
    expect(booked.body.record).toMatchObject({ feeAgorot: 15_000, paid: false });
    const debts = await feeDebts('moshe');
    expect(debts).toHaveLength(1);
    expect(debts[0]).toMatchObject({ kind: 'special', openAgorot: 15_000, dueDate: day(2) });
    expect(debts[0]?.description).toContain('10:00–12:00');
  });

  it('takes the debt back when the booking is cancelled in time', async () => {
    const roof = await roomNamed('גג משותף');
    const mine = (await as('moshe', 'GET', `/rooms/${roof.id}/bookings?from=${day(2)}&days=1`)).body.records?.find((b) => b.mine && b.status === 'booked');
    expect((await as('moshe', 'DELETE', `/room-bookings/${mine?.id ?? ''}?baseVersion=1`)).status).toBe(200);
    expect(await feeDebts('moshe')).toEqual([]);
  });

  it('charges nothing for a free room', async () => {
    const club = await roomNamed('חדר מועדון');
    const before = (await account('moshe')).debts.length;
    expect((await book('moshe', club.id, `${day(3)}T09:00`, `${day(3)}T10:00`)).status).toBe(201);
    expect((await account('moshe')).debts).toHaveLength(before);
  });

  it('makes the booking paid once the tenant pays the fee, and a paid event is not deleted', async () => {
    const roof = await roomNamed('גג משותף');
    const booking = (await book('moshe', roof.id, `${day(5)}T14:00`, `${day(5)}T16:00`)).body.record;
    const [debt] = await feeDebts('moshe');
    if (!booking || !debt) throw new Error('booked with a fee');
    const { apartmentId } = await account('moshe');
    const card = (await as('moshe', 'POST', '/my/cards', await enteredCard(() => as('moshe', 'POST', '/my/cards/entry', {}), testCards.success, false))).body
      .record;
    const quote = (await as('moshe', 'POST', '/my/payments/quote', { apartmentId, chargeIds: [debt.id], cardId: card?.id })).body.quote;
    const payId = newId();
    const paid = await as(
      'moshe',
      'POST',
      '/my/payments',
      { id: payId, apartmentId, chargeIds: [debt.id], cardId: card?.id, expectedTotalAgorot: quote?.total },
      payId,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    expect(await feeDebts('moshe')).toEqual([]);

    expect(await calendarRow('moshe', roof.id, day(5), booking.id)).toMatchObject({ paid: true, status: 'booked' });
    expectRefused(await as('moshe', 'DELETE', `/room-bookings/${booking.id}?baseVersion=1`), 'cannotDeletePastOrPaidEvent');
    expectRefused(await as('miri', 'DELETE', `/room-bookings/${booking.id}?baseVersion=1`), 'cannotDeletePastOrPaidEvent');
    const staffRow = (await as('miri', 'GET', '/room-bookings?buildingId=101')).body.records?.find((b) => b.id === booking.id);
    expect(staffRow).toMatchObject({ paid: true });
  });

  it('charges the apartment staff book for, with the same overlap rule', async () => {
    const roof = await roomNamed('גג משותף');
    const { apartmentId } = await account('tali');
    expectRefused(await book('miri', roof.id, `${day(5)}T14:00`, `${day(5)}T16:00`, apartmentId), 'eventOverlaps');
    const booked = await book('miri', roof.id, `${day(6)}T10:00`, `${day(6)}T12:00`, apartmentId);
    expect(booked.status).toBe(201);
    expect(booked.body.record).toMatchObject({ apartmentId, bookedBy: 'מירי אברהם' });
    expect((await feeDebts('tali')).map((d) => d.openAgorot)).toEqual([15_000]);
    expect(await calendarRow('tali', roof.id, day(6), booked.body.record?.id ?? '')).toMatchObject({ mine: true });
  });
});
