// Room booking and building events (spec sections 1, 4, 5, 8): a tenant books a free slot of a room
// within its opening hours; bookings may not overlap (with the room's buffer between them); an
// apartment holds at most N future bookings and books at most D days ahead; start comes before end.
// A booking can be cancelled until the day before; later only through the management company; a past
// or paid event cannot be deleted. Times are the building's wall clock, 'yyyy-mm-ddTHH:MM' (Israel).
import { isClockTime, isWallClock } from '../calendar.ts';
import type { RuleResult } from '../validation/rules.ts';
import { firstFailure, wallClock } from '../validation/rules.ts';

export type Room = {
  /** Opening hours as wall-clock 'HH:MM'; close may be '24:00'. */
  opensAt: string;
  closesAt: string;
  /** Bookings start on this grid (minutes from opening) and last a whole number of slots. */
  slotMinutes: number;
  /** Free minutes kept between two bookings (cleaning, handover). */
  bufferMinutes: number;
  maxDaysAhead: number;
  maxFutureBookingsPerApartment: number;
};

export type Booking = { id: string; apartmentId: string; start: string; end: string; status: 'booked' | 'cancelled'; paid: boolean };

export type BookingRequest = { id: string; apartmentId: string; start: string; end: string };

/**
 * Minutes since 1970-01-01 00:00 of a wall-clock time (no time zone: both sides are the building's);
 * NaN for anything but a real day and minute (calendar.ts), never a rolled-over one.
 */
export function wallMinutes(value: string): number {
  if (!isWallClock(value)) return Number.NaN;
  return Date.parse(`${value.slice(0, 10)}T00:00:00Z`) / 60_000 + Number(value.slice(11, 13)) * 60 + Number(value.slice(14, 16));
}

function clockMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

export function dayOf(wallClock: string): string {
  return wallClock.slice(0, 10);
}

/** Two bookings clash when they are closer than the buffer (touching is fine without one). */
export function overlaps(a: { start: string; end: string }, b: { start: string; end: string }, bufferMinutes = 0): boolean {
  return wallMinutes(a.start) < wallMinutes(b.end) + bufferMinutes && wallMinutes(b.start) < wallMinutes(a.end) + bufferMinutes;
}

export function validateBooking(room: Room, request: BookingRequest, existing: readonly Booking[], now: string): RuleResult {
  const shape = firstFailure(wallClock(request.start, 'start'), wallClock(request.end, 'end'));
  if (shape) return shape;
  const start = wallMinutes(request.start);
  const end = wallMinutes(request.end);
  if (start >= end) return { field: 'end', messageKey: 'startMustBeBeforeEnd' };
  if (start < wallMinutes(now)) return { field: 'start', messageKey: 'bookingInThePast' };
  if (dayOf(request.start) !== dayOf(request.end) && !request.end.endsWith('T00:00')) return { field: 'end', messageKey: 'outsideOpeningHours' };
  const dayStart = wallMinutes(`${dayOf(request.start)}T00:00`);
  const opens = dayStart + clockMinutes(room.opensAt);
  const closes = dayStart + clockMinutes(room.closesAt);
  if (start < opens || end > closes) return { field: 'start', messageKey: 'outsideOpeningHours' };
  if ((start - opens) % room.slotMinutes !== 0 || (end - start) % room.slotMinutes !== 0) return { field: 'start', messageKey: 'outsideOpeningHours' };
  const lastDay = wallMinutes(`${dayOf(now)}T00:00`) + (room.maxDaysAhead + 1) * 24 * 60;
  if (start >= lastDay) return { field: 'start', messageKey: 'bookingTooFarAhead' };
  const live = existing.filter((b) => b.status === 'booked' && b.id !== request.id);
  if (live.some((b) => overlaps(b, request, room.bufferMinutes))) return { field: 'start', messageKey: 'eventOverlaps' };
  const future = live.filter((b) => b.apartmentId === request.apartmentId && wallMinutes(b.end) > wallMinutes(now));
  if (future.length >= room.maxFutureBookingsPerApartment) return { field: 'apartmentId', messageKey: 'noMoreEventsForApartment' };
  return null;
}

export type CancelDecision = 'allowed' | 'throughManagementCompany' | 'notAllowed';

/**
 * A tenant cancels until the day before the event; on the day it goes through the management company;
 * a past or paid event is never deleted (staff cancel any future one).
 */
export function cancellation(booking: Booking, now: string, byStaff: boolean): CancelDecision {
  if (booking.status !== 'booked' || booking.paid || wallMinutes(booking.start) <= wallMinutes(now)) return 'notAllowed';
  if (byStaff) return 'allowed';
  return dayOf(now) < dayOf(booking.start) ? 'allowed' : 'throughManagementCompany';
}

/** The free slots of a day, for the calendar (the same rule as the server's refusal). */
export function freeSlots(room: Room, day: string, existing: readonly Booking[], now: string): { start: string; end: string }[] {
  const slots: { start: string; end: string }[] = [];
  const dayStart = wallMinutes(`${day}T00:00`);
  const toWall = (minutes: number) => {
    const d = new Date(minutes * 60_000);
    return `${d.toISOString().slice(0, 10)}T${d.toISOString().slice(11, 16)}`;
  };
  for (let t = dayStart + clockMinutes(room.opensAt); t + room.slotMinutes <= dayStart + clockMinutes(room.closesAt); t += room.slotMinutes) {
    const slot = { start: toWall(t), end: toWall(t + room.slotMinutes) };
    if (t < wallMinutes(now)) continue;
    if (existing.some((b) => b.status === 'booked' && overlaps(b, slot, room.bufferMinutes))) continue;
    slots.push(slot);
  }
  return slots;
}

/** What staff set for a room: a name, its opening hours and booking rules, and an optional fee. */
export type RoomInput = Room & { name: string; feeAgorot: number };

export const roomLimits = { nameMax: 80, slotMin: 15, slotMax: 720, bufferMax: 240, daysAheadMax: 365, futureMax: 50, feeMaxAgorot: 1_000_000 } as const;

/** A room open to the end of the day closes at 24:00 (the only time past 23:59 a room takes). */
const END_OF_DAY = '24:00';

function wholeIn(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** A room's settings (spec 5): hours open before they close, at least one slot a day, sane limits. */
export function validateRoom(input: RoomInput): RuleResult {
  if (input.name.trim() === '') return { field: 'name', messageKey: 'requiredField' };
  if (input.name.trim().length > roomLimits.nameMax) return { field: 'name', messageKey: 'textTooLong', params: { max: roomLimits.nameMax } };
  if (!isClockTime(input.opensAt)) return { field: 'opensAt', messageKey: 'invalidTime' };
  if (!isClockTime(input.closesAt) && input.closesAt !== END_OF_DAY) return { field: 'closesAt', messageKey: 'invalidTime' };
  if (clockMinutes(input.opensAt) >= clockMinutes(input.closesAt)) return { field: 'closesAt', messageKey: 'startMustBeBeforeEnd' };
  if (!wholeIn(input.slotMinutes, roomLimits.slotMin, roomLimits.slotMax)) return { field: 'slotMinutes', messageKey: 'invalidNumber' };
  if (clockMinutes(input.opensAt) + input.slotMinutes > clockMinutes(input.closesAt)) return { field: 'slotMinutes', messageKey: 'slotLongerThanOpeningHours' };
  if (!wholeIn(input.bufferMinutes, 0, roomLimits.bufferMax)) return { field: 'bufferMinutes', messageKey: 'invalidNumber' };
  if (!wholeIn(input.maxDaysAhead, 1, roomLimits.daysAheadMax)) return { field: 'maxDaysAhead', messageKey: 'invalidNumber' };
  if (!wholeIn(input.maxFutureBookingsPerApartment, 1, roomLimits.futureMax)) return { field: 'maxFutureBookingsPerApartment', messageKey: 'invalidNumber' };
  if (!wholeIn(input.feeAgorot, 0, roomLimits.feeMaxAgorot)) return { field: 'feeAgorot', messageKey: 'invalidAmount' };
  return null;
}
