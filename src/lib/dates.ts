// Date rules of spec sections 5 and 9: display dd/mm/yyyy (en-GB), 24-hour time, deposits as the local
// calendar date yyyy-mm-dd, weeks start on Sunday, and the named ranges the report filters offer.
// The only place of the app that formats a date or a time: lint refuses toLocale*String and
// Intl.DateTimeFormat anywhere else in src/ (tests/unit/dateFormatting.test.ts proves it). Whether a
// date or time is real is calendar.ts's question, here as everywhere.
import { isCalendarDate, isClockTime, isRealDay } from './calendar.ts';
import { toLocalDateString } from './localDate.ts';

/**
 * A formatter made on first use: each costs milliseconds to make (its locale data, a time zone's rules),
 * and this module loads with the app's first screen.
 */
function onFirstUse(make: () => Intl.DateTimeFormat): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= make());
}

const displayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric' }));
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
const timeWithSecondsFormat = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }));
const localDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A yyyy-mm-dd string is a local calendar date; anything else is parsed as an instant. */
export function toDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  const m = localDatePattern.exec(value);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(value);
}

/** dd/mm/yyyy, or '' for a missing or invalid date. */
export function formatDisplayDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? '' : displayFormat().format(date);
}

function validDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'number' ? new Date(value) : toDate(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 24-hour hh:mm (hh:mm:ss with `seconds`), or '' for a missing or invalid instant. */
export function formatDisplayTime(value: Date | string | number | null | undefined, options: { seconds?: boolean } = {}): string {
  const date = validDate(value);
  if (!date) return '';
  return (options.seconds ? timeWithSecondsFormat : timeFormat)().format(date);
}

/** dd/mm/yyyy hh:mm (24-hour), or '' for a missing or invalid instant. */
export function formatDisplayDateTime(value: Date | string | number | null | undefined, options: { seconds?: boolean } = {}): string {
  const date = validDate(value);
  if (!date) return '';
  return `${displayFormat().format(date)} ${formatDisplayTime(date, options)}`;
}

const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** The month's name in the UI language (e.g. for a table of months). */
export function formatMonthName(date: Date, language: string): string {
  let format = monthFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'long' });
    monthFormats.set(language, format);
  }
  return format.format(date);
}

const weekdayNames = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Day of the week (0 = Sunday) and minute of the day of `at` in `timeZone` (the device's own zone may differ). */
export function zonedClock(at: Date, timeZone: string): { day: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: weekdayNames.indexOf(part('weekday')), minute: Number(part('hour')) * 60 + Number(part('minute')) };
}

export { toLocalDateString };

/** The local date and time to the minute, yyyy-mm-ddTHH:mm (the value of the date-and-time fields). */
export function toLocalDateTimeString(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${toLocalDateString(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function endOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate(), 23, 59, 59, 999);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, date.getHours(), date.getMinutes());
}

/** Sunday of the week the date is in (0 = Sunday in getDay). */
export function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  return addDays(day, -day.getDay());
}

export type DateRangeName = 'today' | 'tomorrow' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth';

/** `start` is the first day's midnight and `end` the last day's final millisecond (both local). */
export type DateRange = { start: Date; end: Date };

function span(first: Date, last: Date): DateRange {
  return { start: startOfDay(first), end: endOfDay(last) };
}

export function dateRange(name: DateRangeName, now: Date = new Date()): DateRange {
  const today = startOfDay(now);
  const y = today.getFullYear();
  const m = today.getMonth();
  switch (name) {
    case 'today':
      return span(today, today);
    case 'tomorrow':
      return span(addDays(today, 1), addDays(today, 1));
    case 'yesterday':
      return span(addDays(today, -1), addDays(today, -1));
    case 'thisWeek': {
      const sunday = startOfWeek(today);
      return span(sunday, addDays(sunday, 6));
    }
    case 'lastWeek': {
      const sunday = addDays(startOfWeek(today), -7);
      return span(sunday, addDays(sunday, 6));
    }
    case 'thisMonth':
      return span(new Date(y, m, 1), new Date(y, m + 1, 0));
    case 'lastMonth':
      return span(new Date(y, m - 1, 1), new Date(y, m, 0));
  }
}

export const YEAR_OPTIONS_BACK = 3;

/** Year dropdown: the current year then the three previous ones. */
export function yearOptions(now: Date = new Date()): number[] {
  const year = now.getFullYear();
  return Array.from({ length: YEAR_OPTIONS_BACK + 1 }, (_, i) => year - i);
}

const israelClock = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Jerusalem',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/**
 * The building's wall clock, 'yyyy-mm-ddTHH:MM' in Israel, whatever the device's or server's zone:
 * room bookings and building events are kept in it (lib/domain/bookingRules.ts).
 */
export function israelWallClock(instant: Date): string {
  const parts = Object.fromEntries(
    israelClock()
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant an Israeli wall-clock time 'yyyy-mm-ddTHH:MM' names (the inverse of israelWallClock). */
export function instantOfIsraelWallClock(wallClock: string): Date {
  const wanted = Date.parse(`${wallClock}:00Z`);
  let at = wanted;
  // Twice: the offset of the first guess may be the other side of a daylight-saving change.
  for (let i = 0; i < 2; i += 1) at += wanted - Date.parse(`${israelWallClock(new Date(at))}:00Z`);
  return new Date(at);
}

/** 'HH:MM' (24 h) of a wall-clock time. */
export function wallClockTime(wallClock: string): string {
  return wallClock.slice(11, 16);
}

/** dd/mm/yyyy of a wall-clock time or a yyyy-mm-dd date. */
export function wallClockDate(wallClock: string): string {
  return formatDisplayDate(wallClock.slice(0, 10));
}

/** The yyyy-mm-dd `days` after a yyyy-mm-dd date (calendar arithmetic, no time zone). */
export function addLocalDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The Sunday (spec 9: weeks start on Sunday) of the week a yyyy-mm-dd date is in. */
export function weekStartOf(day: string): string {
  return addLocalDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
}

// Typed dates and times (the shared date fields of src/ui): the user writes dd/mm/yyyy and 24-hour hh:mm
// in every language; the screens keep ISO yyyy-mm-dd, HH:mm and yyyy-mm-ddTHH:mm.

export type ParsedField = { ok: true; value: string } | { ok: false; reason: 'format' | 'impossible' };

const typedDatePattern = /^(\d{1,2})\s*[/.\-\s]\s*(\d{1,2})\s*[/.\-\s]\s*(\d{2}|\d{4})$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** True for a real calendar date written yyyy-mm-dd (calendar.ts). */
export function isIsoDate(value: string): boolean {
  return isCalendarDate(value);
}

/**
 * A date the user typed as day/month/year (slash, dot, dash or space between; a two-digit year is 20yy)
 * as yyyy-mm-dd; 'impossible' for a day the calendar does not have (31/02/2026).
 */
export function parseDisplayDate(text: string): ParsedField {
  const m = typedDatePattern.exec(text.trim());
  if (!m) return { ok: false, reason: 'format' };
  const day = Number(m[1]);
  const month = Number(m[2]);
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  if (!isRealDay(year, month, day)) return { ok: false, reason: 'impossible' };
  return { ok: true, value: `${year}-${pad2(month)}-${pad2(day)}` };
}

const typedTimePattern = /^(\d{1,2})(?:\s*[:.]\s*(\d{2})|(\d{2}))?$/;

/** A 24-hour time the user typed (9:05, 09.05, 0905, 9) as HH:mm; 'impossible' for 25:00 or 10:75. */
export function parseDisplayTime(text: string): ParsedField {
  const m = typedTimePattern.exec(text.trim());
  if (!m) return { ok: false, reason: 'format' };
  const value = `${pad2(Number(m[1]))}:${pad2(Number(m[2] ?? m[3] ?? '0'))}`;
  return isClockTime(value) ? { ok: true, value } : { ok: false, reason: 'impossible' };
}

/** The days of a month's calendar page, in weeks from Sunday; days of the neighbouring months are null. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const first = new Date(Date.UTC(year, month, 1));
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let day = 1; day <= days; day++) cells.push(`${first.getUTCFullYear()}-${pad2(first.getUTCMonth() + 1)}-${pad2(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The yyyy-mm-dd `months` later (or earlier), kept in range: 31/01 + 1 month is 28/02 or 29/02. */
export function addLocalMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return `${first.getUTCFullYear()}-${pad2(first.getUTCMonth() + 1)}-${pad2(Math.min(d, last))}`;
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();
const monthYearFormats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(cache: Map<string, Intl.DateTimeFormat>, key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** The seven day names in the UI language, Sunday first (spec 9). */
export function weekdayNamesOf(language: string, width: 'narrow' | 'short' | 'long'): string[] {
  const format = cachedFormat(weekdayFormats, `${language}:${width}`, () => new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }));
  // 4 January 1970 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(1970, 0, 4 + i))));
}

/** A calendar page's title in the UI language, e.g. "November 2026". */
export function formatMonthYear(year: number, month: number, language: string): string {
  const format = cachedFormat(monthYearFormats, language, () => new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }));
  return format.format(new Date(Date.UTC(year, month, 1)));
}
