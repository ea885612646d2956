// Corrections without deleting money (issue 29 item 6): management staff reverse a wrong charge, fully or
// partly, with a credit row of the one ledger that names the charge, the reason, who and when. The charge
// stays; a credit lowers what the apartment owes of it and never more than what is left of the charge
// (its amount less earlier credits), whether or not it was paid — a paid charge credited leaves the
// apartment a credit. Shared by the office's form and the server.
import type { RuleResult } from '../validation/rules.ts';
import type { LedgerEntry } from './ledger.ts';

export const CREDIT_REASON_MAX = 200;

export type CreditInput = { chargeKind: string; chargeAgorot: number; creditedAgorot: number; amountAgorot: number | null; reason: string };

/** What earlier credits took off the charge. */
export function creditedOf(entries: readonly Pick<LedgerEntry, 'kind' | 'settles'>[], chargeId: string): number {
  let sum = 0;
  for (const e of entries) if (e.kind === 'credit') for (const s of e.settles) if (s.chargeId === chargeId) sum += s.amountAgorot;
  return sum;
}

/** What may still be credited of a charge: its amount less earlier credits. */
export function creditableAgorot(chargeAgorot: number, creditedAgorot: number): number {
  return Math.max(0, chargeAgorot - creditedAgorot);
}

export function validateCredit(input: CreditInput): RuleResult {
  if (input.chargeKind !== 'charge') return { field: 'chargeId', messageKey: 'notACharge' };
  const reason = input.reason.trim();
  if (reason === '') return { field: 'reason', messageKey: 'requiredField' };
  if (reason.length > CREDIT_REASON_MAX) return { field: 'reason', messageKey: 'textTooLong', params: { max: CREDIT_REASON_MAX } };
  const amount = input.amountAgorot;
  if (amount === null || !Number.isSafeInteger(amount) || amount <= 0) return { field: 'amount', messageKey: 'invalidAmount' };
  if (amount > creditableAgorot(input.chargeAgorot, input.creditedAgorot)) return { field: 'amount', messageKey: 'creditTooLarge' };
  return null;
}
