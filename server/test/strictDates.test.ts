// Strict dates and times everywhere (issue 27 item 18): a day the month does not have, a minute the clock
// does not have, or an instant Date.parse would guess at is refused with 422 and the field's message key
// (invalidDate, invalidTime), never rolled over (2026-02-31 is not 3 March, 19:60 is not 20:00). Leap
// days follow the calendar: 2028-02-29 is taken, 2027-02-29 is not. One shared validator, src/lib/calendar.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLocalDays, israelWallClock } from '../../src/lib/dates.ts';
import type { TestServer } from './harness.ts';
import { call, expectRefused, loginAs, newId, startTestServer } from './harness.ts';
import { approveTerms } from './terms.ts';

type Reply = {
  record?: Record<string, unknown> & { id: string; version: number };
  records?: { id: string; name: string }[];
  plan?: unknown;
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['miri', 'rina', 'moshe', 'avi', 'dana', 'shimon']) tokens.set(name, (await loginAs(server, name)).token);
  // A tenant books once the terms are approved (as the app asks on first sign-in).
  await approveTerms(server, tokens.get('moshe') ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown) =>
  call<Reply>(server, method, `/api/binyan${path}`, { token: tokens.get(user) ?? '', ...(body !== undefined ? { body } : {}) });
const tomorrow = () => addLocalDays(israelWallClock(server.clock.now()).slice(0, 10), 1);

describe('calendar dates', () => {
  const charge = (dueDate: string) =>
    as('miri', 'POST', '/charges', { id: newId(), buildingId: 101, allApartments: true, reason: 'special', description: 'תיקון הגג', amount: 50, dueDate });

  it('refuses a quick charge due on a day the month does not have, and takes a leap day only in a leap year', async () => {
    expectRefused(await charge('2026-02-31'), 'invalidDate', { field: 'dueDate', code: 'VALIDATION' });
    expectRefused(await charge('2026-04-31'), 'invalidDate', { field: 'dueDate' });
    expectRefused(await charge('2027-02-29'), 'invalidDate', { field: 'dueDate' });
    expectRefused(await charge('2026-2-3'), 'invalidDate', { field: 'dueDate' });
    const leap = await charge('2028-02-29');
    expect(leap.status, leap.text).toBe(201);
    const debts = (await call<{ records: { dueDate: string }[] }>(server, 'GET', '/api/binyan/debts?buildingId=101', { token: tokens.get('miri') ?? '' })).body
      .records;
    expect(debts.some((d) => d.dueDate === '2028-02-29')).toBe(true);
  });

  it('refuses impossible days in the books, the daily plan and the visit list', async () => {
    const entry = (date: string) =>
      as('rina', 'POST', '/ledger-entries', { id: newId(), buildingId: 101, kind: 'income', date, amountAgorot: 1_000, description: 'דמי שימוש בחניה' });
    expectRefused(await entry('2027-02-29'), 'invalidDate', { field: 'date' });
    expect((await entry('2028-02-29')).status).toBe(201);
    const expense = {
      id: newId(),
      buildingId: 101,
      date: '2026-04-31',
      description: 'ניקיון',
      amountAgorot: 5_000,
      group: 'cleaning',
      supplierId: null,
      invoiceNumber: null,
      invoiceDate: null,
      invoiceAmountAgorot: null,
      dueDate: null,
      reference: null,
      attachmentId: null,
    };
    expectRefused(await as('rina', 'POST', '/expenses', expense), 'invalidDate', { field: 'date' });
    expectRefused(await as('rina', 'POST', '/expenses', { ...expense, date: '2026-04-30', invoiceDate: '2026-06-31' }), 'invalidDate', {
      field: 'invoiceDate',
    });
    expectRefused(await as('avi', 'GET', '/daily-plan?date=2026-02-30'), 'invalidDate', { field: 'date' });
    expectRefused(await as('avi', 'GET', '/visits?date=2026-02-30'), 'invalidDate', { field: 'date' });
  });
});

describe('wall-clock times', () => {
  it('refuses a booking at 19:60 with invalidTime, a day the month does not have with invalidDate, and a room open at 08:60', async () => {
    const club = (await as('moshe', 'GET', '/buildings/101/rooms')).body.records?.find((r) => r.name === 'חדר מועדון');
    if (!club) throw new Error('the demo building has a club room');
    const day = tomorrow();
    const book = (start: string, end: string) => as('moshe', 'POST', '/room-bookings', { id: newId(), roomId: club.id, start, end });
    expectRefused(await book(`${day}T19:60`, `${day}T21:00`), 'invalidTime', { field: 'start', code: 'VALIDATION' });
    expectRefused(await book(`${day}T20:00`, `${day}T20:60`), 'invalidTime', { field: 'end' });
    expectRefused(await book(`${day}T24:00`, `${day}T21:00`), 'invalidTime', { field: 'start' });
    expectRefused(await book('2027-02-29T19:00', '2027-02-29T20:00'), 'invalidDate', { field: 'start' });
    // A room's hours are wall-clock times too; closing at 24:00 ends the day.
    const room = (opensAt: string, closesAt: string) =>
      as('rina', 'POST', '/rooms', {
        id: newId(),
        buildingId: 101,
        name: `חדר ${newId().slice(0, 4)}`,
        opensAt,
        closesAt,
        slotMinutes: 60,
        bufferMinutes: 0,
        maxDaysAhead: 7,
        maxFutureBookingsPerApartment: 2,
        feeAgorot: 0,
      });
    expectRefused(await room('08:60', '22:00'), 'invalidTime', { field: 'opensAt' });
    expectRefused(await room('8:00', '22:00'), 'invalidTime', { field: 'opensAt' });
    expectRefused(await room('08:00', '25:00'), 'invalidTime', { field: 'closesAt' });
    expect((await room('08:00', '24:00')).status).toBe(201);
  });

  it('takes a building event on a leap day, and refuses one on a day or at a minute that does not exist', async () => {
    const event = (start: string, end: string) => as('rina', 'POST', '/building-events', { id: newId(), buildingId: 101, title: 'ניקוי מרזבים', start, end });
    expect((await event('2028-02-29T09:00', '2028-02-29T11:00')).status).toBe(201);
    expectRefused(await event('2027-02-29T09:00', '2027-02-29T11:00'), 'invalidDate', { field: 'start' });
    expectRefused(await event('2028-03-01T09:75', '2028-03-01T11:00'), 'invalidTime', { field: 'start' });
  });
});

describe('instants', () => {
  it('refuses an instant on a day or at a minute that does not exist, without its offset, or in a form Date.parse guesses at', async () => {
    const open = (openedAt: string) =>
      as('avi', 'POST', '/service-calls', { id: newId(), buildingId: 102, domain: 'elevator', description: 'המעלית נתקעת בקומה השלישית', openedAt });
    expectRefused(await open('2026-02-30T10:00:00.000Z'), 'invalidDate', { field: 'openedAt' });
    expectRefused(await open('2026-03-01T10:60:00Z'), 'invalidTime', { field: 'openedAt' });
    expectRefused(await open('Tue Mar 03 2026'), 'invalidDate', { field: 'openedAt' });
    expectRefused(await open('2026-03-01T10:00:00'), 'invalidDate', { field: 'openedAt' });
    const made = await open('2028-02-29T10:00:00+02:00');
    expect(made.status, made.text).toBe(201);
    const id = made.body.record?.id ?? '';
    expectRefused(await as('avi', 'PATCH', `/service-calls/${id}`, { baseVersion: 1, changes: { lastVisitAt: '2027-02-29T08:00:00.000Z' } }), 'invalidDate', {
      field: 'changes.lastVisitAt',
    });
    expectRefused(await as('avi', 'GET', '/service-calls?since=yesterday'), 'invalidDate', { field: 'since' });
    expect((await as('avi', 'GET', `/service-calls?since=${encodeURIComponent('2026-01-01T00:00:00.000Z')}`)).status).toBe(200);
  });

  it('refuses a handover and a desk arrival at an instant that does not exist', async () => {
    const key = (
      await as('dana', 'POST', '/keys', {
        id: newId(),
        buildingId: 106,
        apartmentId: null,
        contactId: null,
        tagNumber: `T-${newId().slice(0, 6)}`,
        description: 'מפתח למחסן',
      })
    ).body.record;
    expectRefused(
      await as('dana', 'POST', `/keys/${key?.id ?? ''}/handover`, { baseVersion: 1, deliveredTo: 'דנה לוי', deliveredAt: '2026-11-31T10:00:00.000Z' }),
      'invalidDate',
      { field: 'deliveredAt' },
    );
    expectRefused(
      await as('shimon', 'POST', '/visitors', { id: newId(), buildingId: 102, name: 'שליח', apartment: '4', arrivedAt: '2026-01-01T25:00:00.000Z' }),
      'invalidTime',
      { field: 'arrivedAt' },
    );
  });
});
