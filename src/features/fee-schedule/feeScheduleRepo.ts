// A building's committee fee schedule (issue 29): read and changed online only, like the billing settings —
// a change decides what every apartment is billed from its month on, so it waits for no outbox. A save
// is checked with the server's rule first and carries its own Idempotency-Key, kept for retries.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import type { FeeScheduleInput } from '../../lib/domain/feeScheduleRules';
import { feeBases, feeFrequencies, feePayers, validateFeeSchedule } from '../../lib/domain/feeScheduleRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';

const line = z.object({ apartmentId: z.string(), rooms: z.nullable(z.number()), amountAgorot: z.nullable(z.number()) });
const schedule = z.looseObject({
  id: z.string(),
  effectiveFrom: z.string(),
  basis: z.enum(feeBases),
  rateAgorot: z.number(),
  frequency: z.enum(feeFrequencies),
  billingDay: z.number(),
  payer: z.enum(feePayers),
  apartments: z.array(line),
  createdAt: z.string(),
});
export type FeeScheduleRecord = z.infer<typeof schedule>;

const apartment = z.object({ id: z.string(), number: z.string(), area: z.nullable(z.number()) });
export type FeeApartment = z.infer<typeof apartment>;

const listAnswer = z.looseObject({ records: z.array(schedule), apartments: z.array(apartment), thisMonth: z.string() });
export type FeeSchedulePage = z.infer<typeof listAnswer>;
const oneAnswer = z.looseObject({ record: schedule });

const path = (buildingId: number) => `buildings/${buildingId}/fee-schedules`;

export async function buildingFeeSchedules(buildingId: number): Promise<FeeSchedulePage> {
  return answerOf(listAnswer, await callWithRelogin(() => api.request('GET', path(buildingId))));
}

export async function addFeeSchedule(buildingId: number, input: FeeScheduleInput, thisMonth: string, key: string): Promise<FeeScheduleRecord> {
  refuse(validateFeeSchedule(input, thisMonth));
  return answerOf(oneAnswer, await callWithRelogin(() => api.request('POST', path(buildingId), input, { headers: { 'Idempotency-Key': key } }))).record;
}
