// The form text of a check's details and back (amounts typed with a comma or a dot).
import type { Check } from '../../lib/domain/entities';
import type { CheckDetails } from './checksRepo';
import type { DetailsDraft } from './CheckDetailsFields';

export function draftOf(check: Partial<Check> & { Amount?: number; DepositDate?: string }): DetailsDraft {
  return {
    amount: check.Amount ? String(check.Amount) : '',
    depositDate: check.DepositDate ?? '',
    bank: check.BankNumber ?? '',
    branch: check.BranchNumber ?? '',
    account: check.AccountNumber ?? '',
    checkNumber: check.CheckNumber ?? '',
  };
}

/** NaN for text that is not a number; the shared rule (validateCheck) refuses it as an invalid amount. */
export function parseAmount(text: string): number {
  const clean = text.replace(/[\s₪,]/g, (c) => (c === ',' && !text.includes('.') ? '.' : ''));
  return clean.trim() === '' ? Number.NaN : Number(clean);
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function detailsOf(draft: DetailsDraft): CheckDetails {
  return {
    Amount: parseAmount(draft.amount),
    DepositDate: draft.depositDate,
    BankNumber: orNull(draft.bank),
    BranchNumber: orNull(draft.branch),
    AccountNumber: orNull(draft.account),
    CheckNumber: orNull(draft.checkNumber),
  };
}
