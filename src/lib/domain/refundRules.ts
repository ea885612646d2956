// Refunds of card payments (issue 14): management staff give back all or part of a paid card payment
// (its fee included); what is left to refund is the charged total less earlier refunds. Shared by the
// staff's form and the server.
import type { RuleResult } from '../validation/rules.ts';

export type RefundInput = { status: string; totalAgorot: number; refundedAgorot: number; amountAgorot: number | null };

export function refundableAgorot(totalAgorot: number, refundedAgorot: number): number {
  return Math.max(0, totalAgorot - refundedAgorot);
}

export function validateRefund(input: RefundInput): RuleResult {
  if (input.status !== 'succeeded') return { field: 'payment', messageKey: 'paymentNotRefundable' };
  const amount = input.amountAgorot;
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return { field: 'amount', messageKey: 'invalidAmount' };
  if (amount > refundableAgorot(input.totalAgorot, input.refundedAgorot)) return { field: 'amount', messageKey: 'refundTooLarge' };
  return null;
}

/**
 * How much of a refund reopens the debts the payment settled: the debts' part (the subtotal) is given
 * back first and the fee last; what earlier refunds gave back of it is not given back again.
 */
export function ledgerPartOfRefund(subtotalAgorot: number, earlierLedgerAgorot: number, amountAgorot: number): number {
  return Math.max(0, Math.min(amountAgorot, subtotalAgorot - earlierLedgerAgorot));
}
