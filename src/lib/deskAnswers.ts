// The answers about visitors tenants pre-approve (issue 31 item 5; src/lib/domain/deskPasses.ts), read by
// the tenant's "waiting at the desk" and by the front desk.
import { z } from 'zod/mini';

export const visitorPassAnswer = z.looseObject({
  id: z.string(),
  buildingId: z.number(),
  apartmentId: z.string(),
  apartment: z.string(),
  name: z.string(),
  visitDate: z.string(),
  note: z.string(),
  status: z.enum(['expected', 'cancelled']),
  arrivedAt: z.nullable(z.string()),
  createdBy: z.string(),
  version: z.number(),
});
export type PassRecord = z.infer<typeof visitorPassAnswer>;
export const visitorPassDayAnswer = z.looseObject({ records: z.array(visitorPassAnswer), date: z.string() });
