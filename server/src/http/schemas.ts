import { z } from 'zod';
import { calendarDate, clockTime, isoInstant, wallClock } from '../../../src/lib/calendarSchemas.ts';

/** Client-generated record id (a UUID on devices; seeds use UUIDs too). */
export const recordId = z.string().trim().min(1).max(100);
export const optText = z.string().trim().nullable().optional();
/** An ISO instant with its offset; a calendar date yyyy-mm-dd; both strict (src/lib/calendar.ts). */
export const isoTime = isoInstant;
export const localDate = calendarDate;
export { clockTime, wallClock };

export function patchBody<S extends z.ZodRawShape>(changes: S) {
  return z.object({ baseVersion: z.number().int(), changes: z.object(changes).partial() });
}
