// Check payment rules (spec 4). Money is compared in agorot (integer 1/100 NIS) so that e.g.
// 0.1 + 0.2 never differs from 0.3.
import { agorotOf, nisOf } from '../agorot.ts';
import type { Check } from './entities.ts';
import type { RuleResult } from '../validation/rules.ts';
import { depositCode, localDate } from '../validation/rules.ts';

export const checkStatusNew = 1;

/** The provider's decimal Amount in whole agorot (src/lib/agorot.ts rounds for every money rule). */
export function toAgorot(amountNis: number): number {
  return agorotOf(amountNis);
}

export function fromAgorot(agorot: number): number {
  return nisOf(agorot);
}

export function sumAgorot(amountsNis: readonly number[]): number {
  return amountsNis.reduce((sum, a) => sum + toAgorot(a), 0);
}

export function checksTotal(checks: readonly Pick<Check, 'Amount'>[]): number {
  return fromAgorot(sumAgorot(checks.map((c) => c.Amount)));
}

export function totalsMatch(checks: readonly Pick<Check, 'Amount'>[], expectedTotalNis: number): boolean {
  return sumAgorot(checks.map((c) => c.Amount)) === toAgorot(expectedTotalNis);
}

/** NumbersOfPayments follows the number of checks; a group always stands for at least one payment. */
export function numbersOfPayments(checks: readonly unknown[]): number {
  return Math.max(1, checks.length);
}

export function validateCheck(check: Pick<Check, 'Amount' | 'DepositDate'>): RuleResult {
  if (!Number.isFinite(check.Amount) || toAgorot(check.Amount) <= 0) return { field: 'Amount', messageKey: 'invalidAmount' };
  return localDate(check.DepositDate, 'DepositDate');
}

/** Submission is refused when the totals differ, unless the user chose "Send anyway". */
export function validateSubmit(checks: readonly Pick<Check, 'Amount'>[], expectedTotalNis: number, sendAnyway: boolean): RuleResult {
  if (checks.length === 0) return { field: 'checks', messageKey: 'missingDetailsToContinue' };
  if (!sendAnyway && !totalsMatch(checks, expectedTotalNis)) return { field: 'Amount', messageKey: 'checksTotalMismatch' };
  return null;
}

/** The deposit code is the last 6 digits of the number that called the user. */
export function depositCodeFromCaller(callerNumber: string): string {
  return callerNumber.replace(/\D+/g, '').slice(-6);
}

export function validateDepositCode(code: string | null | undefined): RuleResult {
  return depositCode(code, 'code');
}
