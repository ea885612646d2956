import { describe, expect, it } from 'vitest';
import { cancellation, freeSlots, overlaps, validateBooking, validateRoom } from './bookingRules';
import type { Booking, Room } from './bookingRules';

const clubRoom: Room = { opensAt: '08:00', closesAt: '22:00', slotMinutes: 60, bufferMinutes: 30, maxDaysAhead: 30, maxFutureBookingsPerApartment: 2 };
const now = '2026-11-24T10:15';
const booked = (id: string, apartmentId: string, start: string, end: string, extra: Partial<Booking> = {}): Booking => ({
  id,
  apartmentId,
  start,
  end,
  status: 'booked',
  paid: false,
  ...extra,
});
const existing = [booked('b1', 'apt-1', '2026-11-26T18:00', '2026-11-26T20:00')];
const request = (start: string, end: string, apartmentId = 'apt-2') => ({ id: 'new', apartmentId, start, end });

describe('room booking', () => {
  it('accepts a free slot in opening hours', () => {
    expect(validateBooking(clubRoom, request('2026-11-26T10:00', '2026-11-26T12:00'), existing, now)).toBeNull();
  });

  it('refuses an overlap, counting the buffer between bookings', () => {
    expect(validateBooking(clubRoom, request('2026-11-26T19:00', '2026-11-26T21:00'), existing, now)).toEqual({ field: 'start', messageKey: 'eventOverlaps' });
    // Ends 18:00 exactly, but the room needs 30 minutes between bookings.
    expect(validateBooking(clubRoom, request('2026-11-26T17:00', '2026-11-26T18:00'), existing, now)).toEqual({ field: 'start', messageKey: 'eventOverlaps' });
    expect(overlaps({ start: '2026-11-26T17:00', end: '2026-11-26T18:00' }, existing[0] ?? booked('x', 'y', '', ''), 0)).toBe(false);
    // A cancelled booking frees its slot.
    expect(validateBooking(clubRoom, request('2026-11-26T18:00', '2026-11-26T19:00'), [{ ...(existing[0] as Booking), status: 'cancelled' }], now)).toBeNull();
  });

  it('refuses a minute or a day the clock and calendar do not have, never rolling it over', () => {
    expect(validateBooking(clubRoom, request('2026-11-26T19:60', '2026-11-26T21:00'), [], now)).toEqual({ field: 'start', messageKey: 'invalidTime' });
    expect(validateBooking(clubRoom, request('2026-11-26T19:00', '2026-11-26T20:60'), [], now)).toEqual({ field: 'end', messageKey: 'invalidTime' });
    expect(validateBooking(clubRoom, request('2026-11-31T19:00', '2026-11-31T20:00'), [], now)).toEqual({ field: 'start', messageKey: 'invalidDate' });
    expect(validateRoom({ ...clubRoom, name: 'מועדון', feeAgorot: 0, opensAt: '08:60' })).toEqual({ field: 'opensAt', messageKey: 'invalidTime' });
    expect(validateRoom({ ...clubRoom, name: 'מועדון', feeAgorot: 0, closesAt: '24:00' })).toBeNull();
  });

  it('refuses start after end, the past, outside hours, off the slot grid and too far ahead', () => {
    expect(validateBooking(clubRoom, request('2026-11-26T12:00', '2026-11-26T11:00'), [], now)).toEqual({ field: 'end', messageKey: 'startMustBeBeforeEnd' });
    expect(validateBooking(clubRoom, request('2026-11-24T09:00', '2026-11-24T10:00'), [], now)).toEqual({ field: 'start', messageKey: 'bookingInThePast' });
    expect(validateBooking(clubRoom, request('2026-11-26T21:00', '2026-11-26T23:00'), [], now)?.messageKey).toBe('outsideOpeningHours');
    expect(validateBooking(clubRoom, request('2026-11-26T10:30', '2026-11-26T11:30'), [], now)?.messageKey).toBe('outsideOpeningHours');
    expect(validateBooking(clubRoom, request('2026-12-26T10:00', '2026-12-26T11:00'), [], now)).toEqual({ field: 'start', messageKey: 'bookingTooFarAhead' });
  });

  it('allows an apartment only so many future bookings', () => {
    const two = [
      booked('b1', 'apt-2', '2026-11-25T10:00', '2026-11-25T11:00'),
      booked('b2', 'apt-2', '2026-11-27T10:00', '2026-11-27T11:00'),
      booked('old', 'apt-2', '2026-11-20T10:00', '2026-11-20T11:00'),
    ];
    expect(validateBooking(clubRoom, request('2026-11-28T10:00', '2026-11-28T11:00'), two, now)).toEqual({
      field: 'apartmentId',
      messageKey: 'noMoreEventsForApartment',
    });
  });

  it('lets a tenant cancel until the day before, then only through the management company; never a past or paid event', () => {
    const tomorrow = booked('t', 'apt-1', '2026-11-25T18:00', '2026-11-25T19:00');
    expect(cancellation(tomorrow, now, false)).toBe('allowed');
    expect(cancellation(tomorrow, '2026-11-25T08:00', false)).toBe('throughManagementCompany');
    expect(cancellation(tomorrow, '2026-11-25T08:00', true)).toBe('allowed');
    expect(cancellation({ ...tomorrow, paid: true }, now, true)).toBe('notAllowed');
    expect(cancellation(tomorrow, '2026-11-25T18:30', true)).toBe('notAllowed');
  });

  it('offers as free exactly the slots the rule would accept', () => {
    const day = '2026-11-26';
    const slots = freeSlots(clubRoom, day, existing, now);
    expect(slots[0]).toEqual({ start: '2026-11-26T08:00', end: '2026-11-26T09:00' });
    expect(slots.map((s) => s.start)).not.toContain('2026-11-26T17:00');
    expect(slots.map((s) => s.start)).toContain('2026-11-26T21:00');
    for (const s of slots)
      expect(validateBooking({ ...clubRoom, maxFutureBookingsPerApartment: 99 }, { id: 'n', apartmentId: 'apt-9', ...s }, existing, now)).toBeNull();
  });
});

describe('room settings', () => {
  const room = { ...clubRoom, name: 'Club room', feeAgorot: 0 };
  it('accepts whole-day hours to midnight and a fee in whole agorot', () => {
    expect(validateRoom({ ...room, opensAt: '00:00', closesAt: '24:00', feeAgorot: 15_050 })).toBeNull();
  });

  it('refuses a name left empty, hours that do not open before they close, a slot longer than the day, and bad numbers', () => {
    expect(validateRoom({ ...room, name: ' ' })).toEqual({ field: 'name', messageKey: 'requiredField' });
    expect(validateRoom({ ...room, opensAt: '25:00' })).toEqual({ field: 'opensAt', messageKey: 'invalidTime' });
    expect(validateRoom({ ...room, closesAt: '08:00' })).toEqual({ field: 'closesAt', messageKey: 'startMustBeBeforeEnd' });
    expect(validateRoom({ ...room, opensAt: '21:30', slotMinutes: 60 })).toEqual({ field: 'slotMinutes', messageKey: 'slotLongerThanOpeningHours' });
    expect(validateRoom({ ...room, bufferMinutes: Number.NaN })).toEqual({ field: 'bufferMinutes', messageKey: 'invalidNumber' });
    expect(validateRoom({ ...room, maxDaysAhead: 0.5 })).toEqual({ field: 'maxDaysAhead', messageKey: 'invalidNumber' });
    expect(validateRoom({ ...room, feeAgorot: 10.5 })).toEqual({ field: 'feeAgorot', messageKey: 'invalidAmount' });
  });
});
