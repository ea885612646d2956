// The clearing company behind card payments (issue 14): card details go to it and never to our
// database; it answers a token we may charge again. A real Israeli provider replaces the reference one
// by configuration (PAYMENT_PROVIDER), behind this interface.
import type { CardKind } from '../../../src/lib/clearingFee.ts';

/** Why a provider refused; each maps to a message of the catalogue (spec 8). */
export type ProviderFailure = 'declined' | 'insufficientFunds' | 'invalidCard' | 'unavailable';

export type ProviderResult<T> = ({ ok: true } & T) | { ok: false; failure: ProviderFailure };

export type CardDetails = { number: string; expiry: string; cvv: string };

export type TokenizedCard = { token: string; last4: string; expiry: string; cardKind: CardKind };

export type ChargeRequest = {
  /** Our merchant account at the provider (the company). */
  merchant: string;
  token: string;
  amountAgorot: number;
  /** The payment's id: the provider charges a key once, however often it is sent. */
  idempotencyKey: string;
};

export type PaymentProvider = {
  readonly name: string;
  tokenize(merchant: string, card: CardDetails): Promise<ProviderResult<TokenizedCard>>;
  charge(request: ChargeRequest): Promise<ProviderResult<{ chargeId: string }>>;
  /**
   * The charge made under an idempotency key, if any, without charging: how a payment whose earlier
   * attempt has no recorded outcome (a process stopped mid-way) learns whether money was taken.
   */
  findCharge(merchant: string, idempotencyKey: string): Promise<{ chargeId: string; amountAgorot: number } | null>;
  /** Refunds part or all of a charge; the provider refunds a key once, however often it is sent. */
  refund(merchant: string, chargeId: string, amountAgorot: number, idempotencyKey: string): Promise<ProviderResult<{ refundedAgorot: number }>>;
};

/** The catalogue message of a provider's refusal. */
export function messageOfFailure(failure: ProviderFailure): 'cardDeclined' | 'insufficientFunds' | 'invalidCardNumber' | 'paymentError' {
  switch (failure) {
    case 'declined':
      return 'cardDeclined';
    case 'insufficientFunds':
      return 'insufficientFunds';
    case 'invalidCard':
      return 'invalidCardNumber';
    case 'unavailable':
      return 'paymentError';
  }
}
