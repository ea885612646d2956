import { describe, expect, it } from 'vitest';
import { dateRange, formatDisplayDate, startOfWeek, toDate, toLocalDateString, yearOptions } from './dates';

// Wednesday 15 May 2024, 00:30 local time
const wednesday = new Date(2024, 4, 15, 0, 30);

describe('dates', () => {
  it('displays dd/mm/yyyy', () => {
    expect(formatDisplayDate(new Date(2024, 0, 5))).toBe('05/01/2024');
    expect(formatDisplayDate('2024-12-31')).toBe('31/12/2024');
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('nonsense')).toBe('');
  });
  it('sends deposits as the local calendar date, not UTC', () => {
    expect(toLocalDateString(wednesday)).toBe('2024-05-15');
    expect(toLocalDateString(toDate('2024-02-29'))).toBe('2024-02-29');
  });
  it('starts the week on Sunday', () => {
    expect(toLocalDateString(startOfWeek(wednesday))).toBe('2024-05-12');
    const sunday = new Date(2024, 4, 12, 10);
    expect(toLocalDateString(startOfWeek(sunday))).toBe('2024-05-12');
    const saturday = new Date(2024, 4, 18, 23);
    expect(toLocalDateString(startOfWeek(saturday))).toBe('2024-05-12');
  });
  it.each([
    ['today', '2024-05-15', '2024-05-15'],
    ['tomorrow', '2024-05-16', '2024-05-16'],
    ['yesterday', '2024-05-14', '2024-05-14'],
    ['thisWeek', '2024-05-12', '2024-05-18'],
    ['lastWeek', '2024-05-05', '2024-05-11'],
    ['thisMonth', '2024-05-01', '2024-05-31'],
    ['lastMonth', '2024-04-01', '2024-04-30'],
  ] as const)('range %s runs from %s to %s', (name, from, to) => {
    const range = dateRange(name, wednesday);
    expect({ from: toLocalDateString(range.start), to: toLocalDateString(range.end) }).toEqual({ from, to });
  });
  it('ends a range on the last millisecond of its last day', () => {
    const { start, end } = dateRange('today', wednesday);
    expect(start.getHours()).toBe(0);
    expect(end.getHours()).toBe(23);
    expect(end.getMilliseconds()).toBe(999);
  });
  it('handles last month across a year boundary', () => {
    const { start, end } = dateRange('lastMonth', new Date(2024, 0, 10));
    expect([toLocalDateString(start), toLocalDateString(end)]).toEqual(['2023-12-01', '2023-12-31']);
  });
  it('offers the current year and three previous', () => {
    expect(yearOptions(wednesday)).toEqual([2024, 2023, 2022, 2021]);
  });
});

describe('building wall clock', () => {
  it('reads an instant as Israel wall-clock time and steps calendar days', async () => {
    const { israelWallClock, addLocalDays, weekStartOf, wallClockTime, wallClockDate } = await import('./dates');
    expect(israelWallClock(new Date('2026-11-24T22:30:00Z'))).toBe('2026-11-25T00:30');
    expect(israelWallClock(new Date('2026-07-01T09:05:00Z'))).toBe('2026-07-01T12:05');
    expect(addLocalDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekStartOf('2026-11-26')).toBe('2026-11-22');
    expect(wallClockTime('2026-11-26T18:00')).toBe('18:00');
    expect(wallClockDate('2026-11-26T18:00')).toBe('26/11/2026');
  });

  it('turns an Israeli wall-clock time back into its instant, in winter and summer time', async () => {
    const { instantOfIsraelWallClock } = await import('./dates');
    expect(instantOfIsraelWallClock('2026-11-25T00:30').toISOString()).toBe('2026-11-24T22:30:00.000Z');
    expect(instantOfIsraelWallClock('2026-07-01T12:05').toISOString()).toBe('2026-07-01T09:05:00.000Z');
  });
});
