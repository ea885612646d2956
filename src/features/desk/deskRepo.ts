// The tenant's "waiting at the desk" (issue 31 item 5): what waits for their apartment and the visitors
// they pre-approved, read online (the desk changes it all day); a pre-approval is written online too, its
// Idempotency-Key kept by the form so a retry of the same one is one. The desk reads them in
// reception/receptionRepo.ts.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import type { VisitorPassInput } from '../../lib/domain/deskPasses';
import { validateVisitorPass } from '../../lib/domain/deskPasses';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';
import type { PassRecord } from '../../lib/deskAnswers';
import { visitorPassAnswer as pass } from '../../lib/deskAnswers';

export type { PassRecord };

const item = z.looseObject({
  id: z.string(),
  type: z.enum(['mail', 'key']),
  kind: z.string(),
  number: z.string(),
  description: z.string(),
  registeredAt: z.string(),
});
export type WaitingItem = z.infer<typeof item>;

const deskAnswer = z.looseObject({ items: z.array(item), passes: z.array(pass), today: z.string() });
export type TenantDesk = z.infer<typeof deskAnswer>;
const oneAnswer = z.looseObject({ record: pass });

export async function tenantDesk(): Promise<TenantDesk> {
  return answerOf(deskAnswer, await callWithRelogin(() => api.request('GET', 'tenant/desk')));
}

/** Pre-approves a visitor (checked with the server's rule first). */
export async function approveVisitor(id: string, input: VisitorPassInput, key: string): Promise<PassRecord> {
  refuse(validateVisitorPass(input, new Date()));
  return answerOf(
    oneAnswer,
    await callWithRelogin(() => api.request('POST', 'tenant/visitor-passes', { id, ...input }, { headers: { 'Idempotency-Key': key } })),
  ).record;
}

export async function changeVisitor(current: PassRecord, input: VisitorPassInput, key: string): Promise<PassRecord> {
  refuse(validateVisitorPass(input, new Date()));
  const body = { baseVersion: current.version, ...input };
  return answerOf(
    oneAnswer,
    await callWithRelogin(() => api.request('PUT', `tenant/visitor-passes/${current.id}`, body, { headers: { 'Idempotency-Key': key } })),
  ).record;
}

export async function cancelVisitor(current: PassRecord, key: string): Promise<PassRecord> {
  return answerOf(
    oneAnswer,
    await callWithRelogin(() =>
      api.request('POST', `tenant/visitor-passes/${current.id}/cancel`, { baseVersion: current.version }, { headers: { 'Idempotency-Key': key } }),
    ),
  ).record;
}
