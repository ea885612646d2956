// A payment card as the tenant types it (spec 3 "saved card", 5, 9): the number only travels to the
// clearing provider, typed on its own page (issue 29 item 8), which answers a token; we keep the token,
// the last 4 digits, the expiry and the kind. The kind decides the clearing fee (src/lib/clearingFee.ts) and whether the card may carry a
// standing order. Shared by the pay screen and the server, so both refuse the same input.
import type { CardKind } from './clearingFee.ts';
import type { RuleResult } from './validation/rules.ts';

/** The reference provider's test cards (server/src/payments/referenceProvider.ts; docs/api.md). */
export const testCards = {
  success: '4580000000000000',
  decline: '4580000000000018',
  insufficientFunds: '4580000000000026',
  foreign: '4111111111111111',
  amex: '378282246310005',
  diners: '30569309025904',
  /** Asks for a 3-D Secure challenge the bank verifies with the code 123456. */
  challenge: '4580000000000034',
  /** Asks for a 3-D Secure challenge the bank refuses. */
  challengeRefused: '4580000000000042',
} as const;

export function digitsOfCard(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn check every card number passes. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The brand from the number's first digits; whether it was issued abroad only the provider knows. */
export function brandKindOf(number: string): CardKind {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^3(0[0-5]|6|8)/.test(number)) return 'diners';
  return 'local';
}

/** "MM/YY" → the last local date it is valid (yyyy-mm-dd), or null when malformed. */
export function expiryEnd(expiry: string): string | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(expiry.trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  const year = 2000 + Number(m[2]);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

export type NewCardInput = { number: string; expiry: string; cvv: string; keep: boolean | null; today: string };

/** A new card: a valid number, an expiry not yet past, a security code, and keep-card-details chosen (spec 5). */
export function validateNewCard(input: NewCardInput): RuleResult {
  if (!luhnValid(digitsOfCard(input.number))) return { field: 'number', messageKey: 'invalidCardNumber' };
  const end = expiryEnd(input.expiry);
  if (end === null || end < input.today) return { field: 'expiry', messageKey: 'invalidCardExpiry' };
  if (!/^\d{3,4}$/.test(input.cvv.trim())) return { field: 'cvv', messageKey: 'invalidCvv' };
  if (input.keep === null) return { field: 'keep', messageKey: 'keepCardChoiceRequired' };
  return null;
}

/** The debts a payment pays: at least one, each once (a debt named twice would be charged twice). */
export function validateDebtChoice(chargeIds: readonly string[]): RuleResult {
  if (chargeIds.length === 0) return { field: 'debts', messageKey: 'chooseDebts' };
  if (new Set(chargeIds).size !== chargeIds.length) return { field: 'debts', messageKey: 'debtChosenTwice' };
  return null;
}
