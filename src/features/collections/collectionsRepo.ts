// The office's view of tenants' payments (issue 14): a building's card and standing-order payments with
// their receipts and failures, read online (the list is the server's, not kept on the device).
import { answerOf } from '../../api/answers';
import { z } from 'zod/mini';
import { paymentRecord } from '../../lib/paymentAnswers';
import type { PaymentRecord } from '../../lib/paymentAnswers';
import { api, callWithRelogin } from '../../session/api';

const paymentsAnswer = z.looseObject({ records: z.array(paymentRecord) });

export async function buildingPayments(buildingId: number): Promise<PaymentRecord[]> {
  const answer = answerOf(paymentsAnswer, await callWithRelogin(() => api.request('GET', `payments?buildingId=${buildingId}`)));
  return answer.records.filter((p) => p.status !== 'nothingDue');
}
