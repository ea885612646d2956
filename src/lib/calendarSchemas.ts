// The server's zod schemas of dates and times, built on calendar.ts so a route refuses exactly what the
// forms refuse. Each refusal carries its message key (`invalidDate`, `invalidTime`) as the issue's
// message; server/src/http/validate.ts answers it as 422 VALIDATION with that key and the field.
// Full zod: the page never imports this file (its own answers use zod/mini, answers.ts).
import { z } from 'zod';
import { instantFailure, isCalendarDate, isClockTime, wallClockFailure } from './calendar.ts';

/** `yyyy-mm-dd`, a real day. */
export const calendarDate = z.string({ error: 'invalidDate' }).refine(isCalendarDate, { message: 'invalidDate' });

/** `HH:MM`, 00:00–23:59. */
export const clockTime = z.string({ error: 'invalidTime' }).refine((v) => isClockTime(v), { message: 'invalidTime' });

/** A building's wall clock `yyyy-mm-ddTHH:MM`: the day, then the minute, each refused with its own key. */
export const wallClock = z
  .string({ error: 'invalidDate' })
  .refine((v) => wallClockFailure(v) !== 'invalidDate', { message: 'invalidDate', abort: true })
  .refine((v) => wallClockFailure(v) === null, { message: 'invalidTime' });

/** An ISO instant with its offset: `2026-03-01T08:00:00.000Z`, `2026-03-01T10:00+02:00`. */
export const isoInstant = z
  .string({ error: 'invalidDate' })
  .refine((v) => instantFailure(v) !== 'invalidDate', { message: 'invalidDate', abort: true })
  .refine((v) => instantFailure(v) === null, { message: 'invalidTime' });
