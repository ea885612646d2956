import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysInMonth, instantFailure, isCalendarDate, isClockTime, isIsoInstant, isWallClock, wallClockFailure } from './calendar';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The days JavaScript's own calendar gives a month: an independent oracle for the rule. */
const oracleDays = (year: number, month: number) => {
  const d = new Date(0);
  d.setUTCFullYear(year, month, 0);
  return d.getUTCDate();
};

describe('calendar dates', () => {
  it('takes a real day of a real month, leap years by the Gregorian rule', () => {
    for (const day of ['2026-01-31', '2026-02-28', '2028-02-29', '2000-02-29', '2026-04-30', '2026-12-31', '1000-01-01', '9999-12-31'])
      expect(isCalendarDate(day), day).toBe(true);
    for (const day of [
      '2026-02-31',
      '2027-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0999-12-31',
      '2026-1-01',
      ' 2026-01-01',
      '2026-01-01 ',
      '2026-01-01T00:00',
      '01/02/2026',
      '',
      '２０２６-01-01',
    ])
      expect(isCalendarDate(day), day).toBe(false);
    expect(isCalendarDate(20260101)).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });

  it('agrees with the calendar for every year, month and day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (year, month, day) => {
        const real = month >= 1 && month <= 12 && day >= 1 && day <= oracleDays(year, month);
        expect(isCalendarDate(`${year}-${pad(month)}-${pad(day)}`)).toBe(real);
        if (month >= 1 && month <= 12) expect(daysInMonth(year, month)).toBe(oracleDays(year, month));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('wall-clock times', () => {
  it('takes 00:00–23:59, and HH:MM:SS only when seconds are asked for', () => {
    for (const t of ['00:00', '09:05', '19:59', '23:59']) expect(isClockTime(t), t).toBe(true);
    for (const t of ['19:60', '24:00', '23:60', '7:05', '07:5', '0705', '07.05', '07:05:00', '-1:00', '', ' 07:05']) expect(isClockTime(t), t).toBe(false);
    expect(isClockTime('07:05:59', { seconds: true })).toBe(true);
    expect(isClockTime('07:05:60', { seconds: true })).toBe(false);
    expect(isClockTime('07:05', { seconds: true })).toBe(false);
  });

  it('agrees with hours under 24 and minutes under 60, for every pair of two digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), (h, m) => {
        expect(isClockTime(`${pad(h)}:${pad(m)}`)).toBe(h < 24 && m < 60);
      }),
    );
  });

  it("reads a building's wall clock as a real day and a real minute, saying which is wrong", () => {
    expect(isWallClock('2026-03-10T19:30')).toBe(true);
    expect(wallClockFailure('2026-03-10T19:60')).toBe('invalidTime');
    expect(wallClockFailure('2026-03-10T24:00')).toBe('invalidTime');
    expect(wallClockFailure('2026-02-31T10:00')).toBe('invalidDate');
    expect(wallClockFailure('2026-03-10 19:30')).toBe('invalidDate');
    expect(wallClockFailure('2026-03-10T19:30:00')).toBe('invalidDate');
    expect(wallClockFailure(undefined)).toBe('invalidDate');
  });
});

describe('ISO instants', () => {
  it('takes what toISOString() writes, and offsets', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (at) => {
        expect(isIsoInstant(at.toISOString())).toBe(true);
      }),
    );
    for (const t of ['2026-03-01T08:00Z', '2026-03-01T08:00:00Z', '2026-03-01T08:00:00.5Z', '2026-03-01T10:00:00+02:00', '2026-03-01T01:00-05:30'])
      expect(isIsoInstant(t), t).toBe(true);
  });

  it('refuses rolled-over days and minutes, a missing offset and what Date.parse guesses at', () => {
    expect(instantFailure('2026-02-30T10:00:00Z')).toBe('invalidDate');
    expect(instantFailure('2027-02-29T10:00:00.000Z')).toBe('invalidDate');
    expect(instantFailure('2026-01-01T24:00:00Z')).toBe('invalidTime');
    expect(instantFailure('2026-01-01T10:60:00Z')).toBe('invalidTime');
    expect(instantFailure('2026-01-01T10:00:60Z')).toBe('invalidTime');
    expect(instantFailure('2026-01-01T10:00:00+24:00')).toBe('invalidTime');
    for (const t of [
      '2026-01-01T10:00:00',
      '2026-01-01',
      'Tue Mar 03 2026',
      '1',
      '2026-01-01T10:00:00.1234567890Z',
      '2026-01-01t10:00:00z',
      '+020260-01-01T10:00:00Z',
    ])
      expect(instantFailure(t), t).toBe('invalidDate');
  });
});
