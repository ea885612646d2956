// Credits of a charge (issue 29 item 6): management staff take all or part of a wrong charge off with a
// credit row; the server keeps who and when. Sent online (the amount left must be checked against the
// books as the server has them); the credit's id is made when the form opens and sent again on a retry,
// so a lost answer or a second tap credits once.
import { z } from 'zod/mini';
import { answerOf } from '../../api/answers';
import { validateCredit } from '../../lib/domain/creditRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';

const creditAnswer = z.looseObject({ record: z.looseObject({ id: z.string(), amountAgorot: z.number(), kind: z.literal('credit') }) });

export type CreditRequest = { chargeId: string; chargeAgorot: number; creditedAgorot: number; creditId: string; amountAgorot: number; reason: string };

export async function creditCharge(r: CreditRequest): Promise<void> {
  refuse(
    validateCredit({ chargeKind: 'charge', chargeAgorot: r.chargeAgorot, creditedAgorot: r.creditedAgorot, amountAgorot: r.amountAgorot, reason: r.reason }),
  );
  answerOf(
    creditAnswer,
    await callWithRelogin(() =>
      api.request(
        'POST',
        `charges/${encodeURIComponent(r.chargeId)}/credits`,
        { id: r.creditId, amountAgorot: r.amountAgorot, reason: r.reason.trim() },
        { headers: { 'Idempotency-Key': r.creditId } },
      ),
    ),
  );
}
