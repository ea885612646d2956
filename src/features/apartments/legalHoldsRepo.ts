// Apartments in legal proceedings (issue 14; spec 8 "unit in legal proceedings"): management staff hold
// an apartment (its tenants are refused card payments) or clear the hold, online only — the refusal is
// the server's, so a hold queued on a device would protect nothing. Each change carries its own
// Idempotency-Key, made when the action starts.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import { validateHoldReason } from '../../lib/domain/billingSettingsRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';

const hold = z.looseObject({
  apartmentId: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  createdByName: z.nullable(z.string()),
});
export type LegalHold = z.infer<typeof hold>;

const listAnswer = z.looseObject({ records: z.array(hold) });
const oneAnswer = z.looseObject({ record: hold });
const clearedAnswer = z.looseObject({ record: z.looseObject({ apartmentId: z.string() }) });

const holdPath = (apartmentId: string) => `apartments/${encodeURIComponent(apartmentId)}/hold`;

export async function buildingHolds(buildingId: number): Promise<LegalHold[]> {
  return answerOf(listAnswer, await callWithRelogin(() => api.request('GET', `apartment-holds?buildingId=${buildingId}`))).records;
}

export async function holdApartment(apartmentId: string, reason: string, key: string): Promise<LegalHold> {
  refuse(validateHoldReason(reason));
  return answerOf(oneAnswer, await callWithRelogin(() => api.request('PUT', holdPath(apartmentId), { reason }, { headers: { 'Idempotency-Key': key } })))
    .record;
}

export async function clearHold(apartmentId: string, key: string): Promise<void> {
  answerOf(clearedAnswer, await callWithRelogin(() => api.request('DELETE', holdPath(apartmentId), undefined, { headers: { 'Idempotency-Key': key } })));
}
