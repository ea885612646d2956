import { describe, expect, it } from 'vitest';
import { addLocalMonths, formatMonthYear, isIsoDate, monthGrid, parseDisplayDate, parseDisplayTime, weekdayNamesOf } from './dates';
import { isClockTime } from './calendar';

describe('typed dates (dd/mm/yyyy in every language)', () => {
  it('reads day first, whatever the separator', () => {
    expect(parseDisplayDate('05/01/2026')).toEqual({ ok: true, value: '2026-01-05' });
    expect(parseDisplayDate('5/1/2026')).toEqual({ ok: true, value: '2026-01-05' });
    expect(parseDisplayDate(' 25.12.2026 ')).toEqual({ ok: true, value: '2026-12-25' });
    expect(parseDisplayDate('25-12-26')).toEqual({ ok: true, value: '2026-12-25' });
    expect(parseDisplayDate('29/02/2028')).toEqual({ ok: true, value: '2028-02-29' });
  });
  it('refuses a day the calendar does not have, and text that is not a date', () => {
    expect(parseDisplayDate('31/02/2026')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseDisplayDate('29/02/2026')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseDisplayDate('12/13/2026')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseDisplayDate('00/01/2026')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseDisplayDate('2026-01-05')).toEqual({ ok: false, reason: 'format' });
    expect(parseDisplayDate('tomorrow')).toEqual({ ok: false, reason: 'format' });
    expect(parseDisplayDate('1/2/026')).toEqual({ ok: false, reason: 'format' });
  });
  it('knows ISO dates and times', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-31')).toBe(false);
    expect(isIsoDate('28/02/2026')).toBe(false);
    expect(isClockTime('23:59')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
  });
});

describe('typed times (24-hour)', () => {
  it('reads hh:mm and its short forms', () => {
    expect(parseDisplayTime('09:05')).toEqual({ ok: true, value: '09:05' });
    expect(parseDisplayTime('9.05')).toEqual({ ok: true, value: '09:05' });
    expect(parseDisplayTime('1730')).toEqual({ ok: true, value: '17:30' });
    expect(parseDisplayTime('7')).toEqual({ ok: true, value: '07:00' });
  });
  it('refuses what is not a time of day', () => {
    expect(parseDisplayTime('24:00')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseDisplayTime('10:75')).toEqual({ ok: false, reason: 'impossible' });
    expect(parseDisplayTime('5 pm')).toEqual({ ok: false, reason: 'format' });
    expect(parseDisplayTime('')).toEqual({ ok: false, reason: 'format' });
  });
});

describe('the calendar page', () => {
  it('lays a month out in weeks starting on Sunday', () => {
    // 1 November 2026 is a Sunday; 1 February 2026 too (a four-week February).
    const november = monthGrid(2026, 10);
    expect(november[0]).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07']);
    expect(november).toHaveLength(5);
    expect(november[4]).toEqual(['2026-11-29', '2026-11-30', null, null, null, null, null]);
    expect(monthGrid(2026, 1)).toHaveLength(4);
    // 1 May 2026 is a Friday.
    expect(monthGrid(2026, 4)[0]).toEqual([null, null, null, null, null, '2026-05-01', '2026-05-02']);
  });
  it('moves by months without leaving the month', () => {
    expect(addLocalMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addLocalMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addLocalMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
  it('names the days from Sunday and the month in the UI language', () => {
    expect(weekdayNamesOf('en', 'long')[0]).toBe('Sunday');
    expect(weekdayNamesOf('en', 'long')[6]).toBe('Saturday');
    expect(weekdayNamesOf('he', 'long')[0]).toBe('יום ראשון');
    expect(weekdayNamesOf('fr', 'long')[1]).toBe('lundi');
    expect(weekdayNamesOf('he', 'narrow')).toEqual(['א׳', 'ב׳', 'ג׳', 'ד׳', 'ה׳', 'ו׳', 'ש׳']);
    expect(formatMonthYear(2026, 10, 'en')).toBe('November 2026');
    expect(formatMonthYear(2026, 10, 'ru')).toMatch(/ноябрь 2026/i);
  });
});
