// Each check's own life (issue 29 §5): the office's list of a building's checks by deposit date and the
// moves on them, online only — a deposit, a clearing or a bounce moves money in the one ledger and must
// be decided by the server at once, so it waits for no outbox. Each move carries its own Idempotency-Key.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import type { CheckLifeAction } from '../../lib/domain/checkLifeRules';
import { checkLifeActions, checkLifeStatuses, validateBounceFee } from '../../lib/domain/checkLifeRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';

const life = z.looseObject({
  CheckGuid: z.string(),
  apartmentNumber: z.nullable(z.string()),
  amountAgorot: z.number(),
  depositDate: z.string(),
  checkNumber: z.nullable(z.string()),
  bankNumber: z.nullable(z.string()),
  status: z.enum(checkLifeStatuses),
  receivedAt: z.string(),
  receivedBy: z.string(),
  depositedAt: z.nullable(z.string()),
  depositedBy: z.nullable(z.string()),
  clearedAt: z.nullable(z.string()),
  clearedBy: z.nullable(z.string()),
  bouncedAt: z.nullable(z.string()),
  bouncedBy: z.nullable(z.string()),
  actions: z.array(z.enum(checkLifeActions)),
});
export type CheckLifeRecord = z.infer<typeof life>;

const listAnswer = z.looseObject({ records: z.array(life), today: z.string(), building: z.looseObject({ id: z.number(), name: z.string() }) });
export type CheckLifePage = z.infer<typeof listAnswer>;

const fee = z.looseObject({ id: z.string(), effectiveFrom: z.string(), amountAgorot: z.number(), createdAt: z.string() });
const feesAnswer = z.looseObject({ records: z.array(fee), today: z.string(), inEffectAgorot: z.number() });
export type BounceFeePage = z.infer<typeof feesAnswer>;

export type CheckView = 'due' | 'all';

export async function buildingChecks(buildingId: number, view: CheckView, today: string | null): Promise<CheckLifePage> {
  const query = view === 'due' && today ? `?status=received&dueBy=${today}` : '';
  return answerOf(listAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/checks${query}`)));
}

/** The check as the move left it (the list is read again for the rest). */
const moved = z.looseObject({ record: z.looseObject({ CheckGuid: z.string(), status: z.enum(checkLifeStatuses) }) });

export async function moveCheck(guid: string, action: CheckLifeAction, key: string): Promise<z.infer<typeof moved>['record']> {
  const answer = await callWithRelogin(() => api.request('POST', `checks/${encodeURIComponent(guid)}/${action}`, {}, { headers: { 'Idempotency-Key': key } }));
  return answerOf(moved, answer).record;
}

export async function bounceFeesOf(buildingId: number): Promise<BounceFeePage> {
  return answerOf(feesAnswer, await callWithRelogin(() => api.request('GET', `buildings/${buildingId}/bounce-fees`)));
}

export async function addBounceFee(buildingId: number, input: { effectiveFrom: string; amountAgorot: number }, key: string): Promise<void> {
  refuse(validateBounceFee(input));
  await callWithRelogin(() => api.request('POST', `buildings/${buildingId}/bounce-fees`, input, { headers: { 'Idempotency-Key': key } }));
}
