// The life of one check (issue 29 §5): received with its payment (the group's deposit confirmation
// posts the payment that settles the debts), deposited at the bank on or after its own date (a
// post-dated check waits), then cleared or bounced. A bounced check reopens what it settled: of the
// charges its payment settled, less what earlier bounces of the same payment reopened, the last ones
// first up to the check's amount (beyond them the payment was a credit) — posted as a reversing row,
// never by deleting the payment. Shared by the office's list (which hides what may not be done) and
// the server (which refuses it).
import { assertAgorot } from '../agorot.ts';
import type { RuleResult } from '../validation/rules.ts';
import type { Settlement } from './ledger.ts';
import { unsettle } from './ledger.ts';

export const checkLifeStatuses = ['received', 'deposited', 'cleared', 'bounced'] as const;
export type CheckLifeStatus = (typeof checkLifeStatuses)[number];

export const checkLifeActions = ['deposit', 'clear', 'bounce'] as const;
export type CheckLifeAction = (typeof checkLifeActions)[number];

/** Where each action leads, and from where it may be taken. */
const moves: Record<CheckLifeAction, { from: CheckLifeStatus; to: CheckLifeStatus }> = {
  deposit: { from: 'received', to: 'deposited' },
  clear: { from: 'deposited', to: 'cleared' },
  bounce: { from: 'deposited', to: 'bounced' },
};

export function targetOf(action: CheckLifeAction): CheckLifeStatus {
  return moves[action].to;
}

/** Whether the check has reached its own date (a post-dated check is not deposited before it). */
export function isDue(depositDate: string, today: string): boolean {
  return depositDate <= today;
}

/** The actions open on a check today, in the order the list shows them. */
export function allowedActions(check: { status: CheckLifeStatus; depositDate: string }, today: string): CheckLifeAction[] {
  return checkLifeActions.filter((a) => moves[a].from === check.status && (a !== 'deposit' || isDue(check.depositDate, today)));
}

/**
 * Whether the action may be taken. An action whose result the check already has is not refused (the
 * caller answers the check as it is: a repeat, or a second bounce of the same check at once).
 */
export function validateCheckAction(check: { status: CheckLifeStatus; depositDate: string }, action: CheckLifeAction, today: string): RuleResult {
  if (check.status === targetOf(action)) return null;
  if (moves[action].from !== check.status) return { field: 'status', messageKey: 'checkActionNotAllowed' };
  if (action === 'deposit' && !isDue(check.depositDate, today)) return { field: 'DepositDate', messageKey: 'checkNotDueYet' };
  return null;
}

/**
 * What a bounce of a check reopens: of what its payment settled, less what earlier bounces of checks
 * of the same payment reopened, the last-settled charges first, up to the check's amount.
 */
export function bounceReopens(paymentSettles: readonly Settlement[], earlierBounces: readonly Settlement[], checkAgorot: number): Settlement[] {
  assertAgorot(checkAgorot);
  return unsettle(paymentSettles, earlierBounces, checkAgorot);
}

/** The bounce fee in effect on a date: the latest setting from that date or before (none: no fee). */
export type BounceFeeSetting = { effectiveFrom: string; amountAgorot: number; createdAt: string };

export function bounceFeeOn(settings: readonly BounceFeeSetting[], date: string): number {
  const inEffect = settings
    .filter((s) => s.effectiveFrom <= date)
    .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom) || b.createdAt.localeCompare(a.createdAt))[0];
  return inEffect?.amountAgorot ?? 0;
}

export function validateBounceFee(input: { effectiveFrom: string; amountAgorot: number }): RuleResult {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.effectiveFrom) || Number.isNaN(Date.parse(`${input.effectiveFrom}T00:00:00Z`)))
    return { field: 'effectiveFrom', messageKey: 'invalidDate' };
  if (!Number.isSafeInteger(input.amountAgorot) || input.amountAgorot < 0 || input.amountAgorot > 100_000_00)
    return { field: 'amountAgorot', messageKey: 'invalidAmount' };
  return null;
}
