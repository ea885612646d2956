// The one strict reading of the dates and times the app and the server take (spec 5, 9): a calendar
// date `yyyy-mm-dd` is a real day of a real month (leap years by the Gregorian rule), a wall-clock time
// `HH:MM` runs 00:00–23:59 (`HH:MM:SS` to 23:59:59), a building's wall clock is `yyyy-mm-ddTHH:MM`, and
// an instant is ISO 8601 with its offset (`…Z` or `…+03:00`). Nothing rolls over: `Date.parse` reads
// 2026-02-31 as 3 March and lets 19:60 be 20:00, so no rule reads input with it. Every form rule
// (validation/rules.ts, domain/*Rules.ts) and every server schema (calendarSchemas.ts) asks here.

/** Why a date or time was refused, as the message key the field shows. */
export type CalendarFailure = 'invalidDate' | 'invalidTime';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:\d{2})$/;

/** The earliest and latest years a date may have: four digits. */
export const CALENDAR_YEARS = { min: 1000, max: 9999 } as const;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Days of a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A real day: the year in CALENDAR_YEARS, the month 1–12, the day within that month. */
export function isRealDay(year: number, month: number, day: number): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= CALENDAR_YEARS.min &&
    year <= CALENDAR_YEARS.max &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** True for `yyyy-mm-dd` naming a real day. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  return m !== null && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** True for a 24-hour `HH:MM` (00:00–23:59); with `seconds`, `HH:MM:SS` (seconds 00–59) instead. */
export function isClockTime(value: unknown, options: { seconds?: boolean } = {}): value is string {
  if (typeof value !== 'string') return false;
  const m = TIME.exec(value);
  if (m === null || (m[3] !== undefined) !== (options.seconds === true)) return false;
  return Number(m[1]) <= 23 && Number(m[2]) <= 59 && Number(m[3] ?? 0) <= 59;
}

/** Why a building's wall clock `yyyy-mm-ddTHH:MM` is refused, or null when it is a real minute. */
export function wallClockFailure(value: unknown): CalendarFailure | null {
  const m = typeof value === 'string' ? WALL_CLOCK.exec(value) : null;
  if (m === null || !isCalendarDate(m[1])) return 'invalidDate';
  return isClockTime(m[2]) ? null : 'invalidTime';
}

export function isWallClock(value: unknown): value is string {
  return wallClockFailure(value) === null;
}

/** Why an ISO instant (`yyyy-mm-ddTHH:MM[:SS[.fff]]` with `Z` or `±HH:MM`) is refused, or null. */
export function instantFailure(value: unknown): CalendarFailure | null {
  const m = typeof value === 'string' ? INSTANT.exec(value) : null;
  if (m === null || !isCalendarDate(m[1])) return 'invalidDate';
  const time = (m[2] ?? '').slice(0, 8);
  const offset = m[3] === 'Z' ? '00:00' : (m[3] ?? '').slice(1);
  return isClockTime(time, { seconds: time.length === 8 }) && isClockTime(offset) ? null : 'invalidTime';
}

export function isIsoInstant(value: unknown): value is string {
  return instantFailure(value) === null;
}
