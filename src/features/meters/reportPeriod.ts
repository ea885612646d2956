// The periods of the consumption report: the named ranges of src/lib/dates.ts, a whole year (the
// year dropdown: current + 3 previous) or a custom range of local calendar dates.
import { dateRange, endOfDay, startOfDay, toDate } from '../../lib/dates';
import type { DateRange, DateRangeName } from '../../lib/dates';

export const reportPeriods = ['thisMonth', 'lastMonth', 'thisWeek', 'lastWeek', 'today', 'yesterday', 'tomorrow', 'year', 'custom'] as const;
export type ReportPeriod = (typeof reportPeriods)[number];

export type PeriodChoice = { period: ReportPeriod; year: number; from: string; to: string };

/** The range of a choice; null while a custom range is incomplete or reversed. */
export function rangeOf(choice: PeriodChoice, now: Date = new Date()): DateRange | null {
  if (choice.period === 'year') return { start: new Date(choice.year, 0, 1), end: endOfDay(new Date(choice.year, 11, 31)) };
  if (choice.period === 'custom') {
    if (!choice.from || !choice.to) return null;
    const start = startOfDay(toDate(choice.from));
    const end = endOfDay(toDate(choice.to));
    return Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || start > end ? null : { start, end };
  }
  return dateRange(choice.period satisfies DateRangeName, now);
}

/** The twelve months of a year, for the year's breakdown. */
export function monthsOf(year: number): DateRange[] {
  return Array.from({ length: 12 }, (_, m) => ({ start: new Date(year, m, 1), end: endOfDay(new Date(year, m + 1, 0)) }));
}
