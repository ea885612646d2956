// Working hours of the service desk: the Israeli week runs Sunday to Thursday, 07:00–17:00 Israel time.
// A call opened outside them is still saved and sent, but the form tells the reporter that nobody
// will handle it before the next working day.
import { zonedClock } from '../dates';

export type WorkingHours = {
  /** Days of the week (0 = Sunday … 6 = Saturday). */
  days: readonly number[];
  /** Minutes after midnight, start inclusive, end exclusive. */
  startMinute: number;
  endMinute: number;
  timeZone: string;
};

export const WORKING_HOURS: WorkingHours = {
  days: [0, 1, 2, 3, 4],
  startMinute: 7 * 60,
  endMinute: 17 * 60,
  timeZone: 'Asia/Jerusalem',
};

/** Day of the week and minute of the day of `at` in `timeZone` (the device's own zone may differ). */
export const localClock = zonedClock;

export function isWithinWorkingHours(at: Date, hours: WorkingHours = WORKING_HOURS): boolean {
  const { day, minute } = localClock(at, hours.timeZone);
  return hours.days.includes(day) && minute >= hours.startMinute && minute < hours.endMinute;
}

/** "07:00" style text of a minute of the day, for the notice. */
export function clockText(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
