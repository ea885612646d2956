// The clearing company behind card payments (issue 14): card details go to it and never to our
// server (issue 29 item 8). The tenant types the card on the provider's own page, on the provider's
// origin, framed by the app (a "hosted page", as Israeli clearing companies offer: CardCom's Low
// Profile, Tranzila's iframe, PayPlus/Grow payment pages); after any 3-D Secure challenge there, the
// page tells the app only the entry's id, and our server redeems that id with the provider, server to
// server, for a token we may charge again. A real provider replaces the reference one by configuration
// (PAYMENT_PROVIDER), behind this interface.
import type { CardKind } from '../../../src/lib/clearingFee.ts';

/** Why a provider refused; each maps to a message of the catalogue (spec 8). */
export type ProviderFailure = 'declined' | 'insufficientFunds' | 'invalidCard' | 'unavailable' | 'authenticationFailed' | 'entryUnusable';

export type ProviderResult<T> = ({ ok: true } & T) | { ok: false; failure: ProviderFailure };

/** What our server asks the provider for when a tenant is about to type a card. */
export type CardEntryRequest = {
  merchant: string;
  /** Ours, given back on redeem: whose entry it is (the user), so no one else can redeem it. */
  reference: string;
  /** The app's origin: the only one that may frame the page and hear its answer. */
  appOrigin: string;
  /** The reader's language (he, en, fr, ru); the page falls back to Hebrew. */
  lang: string;
};

/** An entry session: the page to frame, and its origin (the app trusts messages from it only). */
export type CardEntrySession = { id: string; url: string; origin: string; expiresAt: string };

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
  /**
   * Opens a card-entry session on the provider's page (server to server). Each session takes one card:
   * the app opens another for the next attempt, and our limits count the sessions opened.
   */
  openCardEntry(request: CardEntryRequest): Promise<ProviderResult<CardEntrySession>>;
  /**
   * The token of the card entered in a session (after its 3-D Secure challenge, when the card asked for
   * one), once: a session redeemed, unfinished, expired, failed, of another merchant or opened with
   * another reference is refused (and one redeemed with the wrong reference stays usable by its own).
   */
  redeemCardEntry(merchant: string, entryId: string, reference: string): Promise<ProviderResult<TokenizedCard>>;
  /** The origin the entry pages are served from once started (the app's CSP frames it only), or null. */
  entryOrigin(): string | null;
  /** Starts what the provider serves itself (the reference provider's page, on its own port). */
  start?(): Promise<void>;
  stop?(): Promise<void>;
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
export function messageOfFailure(
  failure: ProviderFailure,
): 'cardDeclined' | 'insufficientFunds' | 'invalidCardNumber' | 'paymentError' | 'cardAuthenticationFailed' | 'cardEntryNotFinished' {
  switch (failure) {
    case 'declined':
      return 'cardDeclined';
    case 'insufficientFunds':
      return 'insufficientFunds';
    case 'invalidCard':
      return 'invalidCardNumber';
    case 'unavailable':
      return 'paymentError';
    case 'authenticationFailed':
      return 'cardAuthenticationFailed';
    case 'entryUnusable':
      return 'cardEntryNotFinished';
  }
}
