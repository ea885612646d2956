import { z } from 'zod';

/** Client-generated record id (a UUID on devices; seeds use UUIDs too). */
export const recordId = z.string().trim().min(1).max(100);
export const optText = z.string().trim().nullable().optional();
export const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'invalid date');
export const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export function patchBody<S extends z.ZodRawShape>(changes: S) {
  return z.object({ baseVersion: z.number().int(), changes: z.object(changes).partial() });
}

/** The company-wide or per-building filter of list endpoints. */
export const buildingFilter = z.object({ buildingId: z.coerce.number().int().optional() });
