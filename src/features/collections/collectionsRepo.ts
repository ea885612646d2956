// The office's view of tenants' payments (issue 14): a building's card and standing-order payments with
// their receipts and failures, read online (the list is the server's, not kept on the device).
import { answerOf } from '../../api/answers';
import { z } from 'zod/mini';
import { paymentRecord } from '../../lib/paymentAnswers';
import type { PaymentRecord } from '../../lib/paymentAnswers';
import { validateRefund } from '../../lib/domain/refundRules';
import { refuse } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';

const paymentsAnswer = z.looseObject({ records: z.array(paymentRecord) });

export async function buildingPayments(buildingId: number): Promise<PaymentRecord[]> {
  const answer = answerOf(paymentsAnswer, await callWithRelogin(() => api.request('GET', `payments?buildingId=${buildingId}`)));
  return answer.records.filter((p) => p.status !== 'nothingDue');
}

const refundAnswer = z.looseObject({ record: z.looseObject({ id: z.string(), amountAgorot: z.number(), status: z.string() }) });

/**
 * Refunds all or part of a card payment (management staff). The refund's id is made when the form opens
 * and sent again on a retry, so a lost answer or a second tap refunds once.
 */
export async function refundPayment(
  payment: Pick<PaymentRecord, 'id' | 'status' | 'totalAgorot' | 'refundedAgorot'>,
  refundId: string,
  amountAgorot: number,
): Promise<void> {
  refuse(validateRefund({ status: payment.status, totalAgorot: payment.totalAgorot, refundedAgorot: payment.refundedAgorot ?? 0, amountAgorot }));
  answerOf(
    refundAnswer,
    await callWithRelogin(() =>
      api.request('POST', `payments/${encodeURIComponent(payment.id)}/refunds`, { id: refundId, amountAgorot }, { headers: { 'Idempotency-Key': refundId } }),
    ),
  );
}
