// The reference clearing provider: behaves like an Israeli clearing company's API (a hosted card-entry
// page on its own origin, a session redeemed once for a token, charge a token once per idempotency key,
// refund), keeping its own books in tables no route reads. Test cards (src/lib/cards.ts `testCards`):
// success, decline, insufficient funds, a card issued abroad, American Express, Diners, and two that ask
// for a 3-D Secure challenge (one the bank verifies with the code 123456, one it refuses); any other
// valid number succeeds as a local card.
import { randomUUID } from 'node:crypto';
import { brandKindOf, digitsOfCard, validateNewCard } from '../../../src/lib/cards.ts';
import { testCards } from '../../../src/lib/cards.ts';
import type { CardKind } from '../../../src/lib/clearingFee.ts';
import type { Database } from '../db/database.ts';
import { providerCards, providerCharges, providerEntries, providerRefunds } from '../data/providerBooks.ts';
import { israelLocalDate } from '../util/dates.ts';
import type { PaymentProvider, ProviderFailure } from './provider.ts';
import { cardPageServer } from './referenceCardPage.ts';
import type { CardPageOptions, EntryBooks, EntryView, FieldError } from './referenceCardPage.ts';

type Outcome = 'approve' | ProviderFailure;

function outcomeOf(number: string): { outcome: Outcome; cardKind: CardKind } {
  if (number === testCards.decline) return { outcome: 'declined', cardKind: 'local' };
  if (number === testCards.insufficientFunds) return { outcome: 'insufficientFunds', cardKind: 'local' };
  if (number === testCards.foreign) return { outcome: 'approve', cardKind: 'foreign' };
  return { outcome: 'approve', cardKind: brandKindOf(number) };
}

/** The code the reference bank's challenge accepts (docs/api.md). */
export const TEST_CHALLENGE_CODE = '123456';

/** How long an entry session may be used. */
const ENTRY_TTL_MS = 15 * 60_000;

const challengeOf = (number: string): 'pass' | 'refuse' | null =>
  number === testCards.challenge ? 'pass' : number === testCards.challengeRefused ? 'refuse' : null;

export type ReferenceProviderOptions = {
  /** How long each call takes to answer (env PAYMENT_PROVIDER_DELAY_MS): a slow clearing company, for tests of concurrent payments. */
  delayMs?: number;
  /** Where its card-entry page listens (env PAYMENT_PAGE_PORT, PAYMENT_PAGE_HOST, PAYMENT_PAGE_ORIGIN); a free loopback port by default. */
  page?: Partial<CardPageOptions>;
};

/** The provider's side of its card-entry page: sessions, the card typed, the challenge. */
function entryBooks(db: Database, now: () => Date): EntryBooks {
  const row = (id: string) => providerEntries.find(db, id);
  const move = (id: string, from: string, to: { status: string; token?: string | null; failure?: string | null }) => providerEntries.move(db, id, from, to);
  return {
    async view(id): Promise<EntryView | null> {
      const entry = await row(id);
      if (!entry) return null;
      const card = entry.token ? await providerCards.byToken(db, entry.token) : undefined;
      const status =
        entry.status === 'challenge' || entry.status === 'entered' || entry.status === 'failed' || entry.status === 'redeemed' ? entry.status : 'open';
      const finished = status === 'entered' || status === 'redeemed' || status === 'failed';
      return {
        id: entry.id,
        appOrigin: entry.appOrigin,
        lang: entry.lang,
        status,
        last4: card?.last4 ?? null,
        failure: entry.failure,
        expired: !finished && Date.parse(entry.expiresAt) <= now().getTime(),
      };
    },
    async enter(id, typed): Promise<FieldError | null> {
      const number = digitsOfCard(typed.number);
      const refusal = validateNewCard({ number, expiry: typed.expiry, cvv: typed.cvv, keep: true, today: israelLocalDate(now()) });
      if (refusal) return refusal.field === 'expiry' || refusal.field === 'cvv' ? refusal.field : 'number';
      const entry = await row(id);
      if (!entry || entry.status !== 'open') return null;
      const { outcome, cardKind } = outcomeOf(number);
      const token = `tok_${randomUUID()}`;
      await providerCards.insert(db, {
        token,
        merchant: entry.merchant,
        cardKind,
        last4: number.slice(-4),
        expiry: typed.expiry,
        outcome,
        createdAt: now().toISOString(),
      });
      const challenge = challengeOf(number);
      // The issuer's answer to the challenge is its own: a refusing bank refuses whatever code is typed.
      if (challenge) await move(id, 'open', { status: 'challenge', token, failure: challenge === 'refuse' ? 'authenticationFailed' : null });
      else await move(id, 'open', { status: 'entered', token });
      return null;
    },
    async answerChallenge(id, code) {
      const entry = await row(id);
      if (!entry || entry.status !== 'challenge') return;
      const verified = code === TEST_CHALLENGE_CODE && entry.failure === null;
      await move(id, 'challenge', verified ? { status: 'entered' } : { status: 'failed', token: null, failure: 'authenticationFailed' });
    },
  };
}

export function referenceProvider(db: Database, now: () => Date, options: ReferenceProviderOptions = {}): PaymentProvider {
  const delayMs = options.delayMs ?? 0;
  const answerLater = () => (delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve());
  const page = cardPageServer(entryBooks(db, now), {
    port: options.page?.port ?? 0,
    host: options.page?.host ?? '127.0.0.1',
    ...(options.page?.publicOrigin ? { publicOrigin: options.page.publicOrigin } : {}),
  });
  return {
    name: 'reference',
    entryOrigin: () => page.origin(),
    start: () => page.start(),
    stop: () => page.stop(),

    async openCardEntry({ merchant, reference, appOrigin, lang }) {
      await answerLater();
      const origin = page.origin();
      if (!origin) return { ok: false, failure: 'unavailable' };
      const id = randomUUID();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + ENTRY_TTL_MS).toISOString();
      await providerEntries.insert(db, {
        id,
        merchant,
        reference,
        appOrigin,
        lang,
        status: 'open',
        token: null,
        failure: null,
        createdAt: createdAt.toISOString(),
        expiresAt,
      });
      return { ok: true, id, url: `${origin}/entry/${id}`, origin, expiresAt };
    },

    async redeemCardEntry(merchant, entryId, reference) {
      await answerLater();
      const entry = await providerEntries.ofMerchant(db, entryId, merchant, reference);
      if (!entry || entry.status !== 'entered' || !entry.token)
        return { ok: false, failure: entry?.status === 'failed' ? 'authenticationFailed' : 'entryUnusable' };
      // Once: of two redeems at once, one moves the session.
      if (!(await providerEntries.move(db, entryId, 'entered', { status: 'redeemed' }))) return { ok: false, failure: 'entryUnusable' };
      const card = await providerCards.byToken(db, entry.token);
      if (!card) return { ok: false, failure: 'entryUnusable' };
      return { ok: true, token: card.token, last4: card.last4, expiry: card.expiry, cardKind: brandKindOrStored(card.cardKind) };
    },

    async charge({ merchant, token, amountAgorot, idempotencyKey }) {
      await answerLater();
      const card = await providerCards.ofMerchant(db, token, merchant);
      if (!card) return { ok: false, failure: 'invalidCard' };
      if (card.outcome !== 'approve') return { ok: false, failure: card.outcome as ProviderFailure };
      // One charge per key: a repeat (or a concurrent twin) gets the first charge back.
      await providerCharges.insertOnce(db, {
        id: `ch_${randomUUID()}`,
        merchant,
        idempotencyKey,
        token,
        amountAgorot,
        status: 'captured',
        refundedAgorot: 0,
        createdAt: now().toISOString(),
      });
      const charge = await providerCharges.byKey(db, idempotencyKey);
      if (!charge || charge.token !== token || Number(charge.amountAgorot) !== amountAgorot) return { ok: false, failure: 'declined' };
      return { ok: true, chargeId: charge.id };
    },

    async findCharge(merchant, idempotencyKey) {
      await answerLater();
      const charge = await providerCharges.ofMerchantKey(db, merchant, idempotencyKey);
      return charge ? { chargeId: charge.id, amountAgorot: Number(charge.amountAgorot) } : null;
    },

    async refund(merchant, chargeId, amountAgorot, idempotencyKey) {
      await answerLater();
      return db.tx(async (tx) => {
        const charge = await providerCharges.byId(tx, chargeId, merchant);
        if (!charge) return { ok: false as const, failure: 'declined' as const };
        const done = await providerRefunds.byKey(tx, idempotencyKey);
        if (done)
          return done.chargeId === chargeId && Number(done.amountAgorot) === amountAgorot
            ? { ok: true as const, refundedAgorot: Number(charge.refundedAgorot) }
            : { ok: false as const, failure: 'declined' as const };
        if (Number(charge.refundedAgorot) + amountAgorot > Number(charge.amountAgorot)) return { ok: false as const, failure: 'declined' as const };
        const refundedAgorot = Number(charge.refundedAgorot) + amountAgorot;
        await providerRefunds.insert(tx, { idempotencyKey, chargeId, amountAgorot, createdAt: now().toISOString() });
        await providerCharges.setRefunded(tx, chargeId, refundedAgorot);
        return { ok: true as const, refundedAgorot };
      });
    },
  };
}

function brandKindOrStored(kind: string): CardKind {
  return kind === 'foreign' || kind === 'amex' || kind === 'diners' ? kind : 'local';
}

/** What the provider refunded of the charge made under a payment's key (tests: a refund is made once). */
export async function providerRefundedOf(db: Database, idempotencyKey: string): Promise<number> {
  const row = await providerCharges.byKey(db, idempotencyKey);
  return row ? Number(row.refundedAgorot) : 0;
}

/** How many charges the provider holds under a key (tests: a payment is charged exactly once). */
export async function providerChargesOf(db: Database, idempotencyKey: string): Promise<number> {
  return providerCharges.countOfKey(db, idempotencyKey);
}

/** How many cards the provider tokenized for a merchant (tests: a refused request never reached it). */
export async function providerCardsOf(db: Database, merchant: string): Promise<number> {
  return providerCards.countOfMerchant(db, merchant);
}

/** How many card entries of a merchant our server redeemed for their tokens (tests: a refused save redeemed none). */
export async function providerRedeemedEntriesOf(db: Database, merchant: string): Promise<number> {
  return providerEntries.countRedeemed(db, merchant);
}

/** How many charges the provider holds for a merchant (tests: of two intents at once, one reached it). */
export async function providerChargeCountOf(db: Database, merchant: string): Promise<number> {
  return providerCharges.countOfMerchant(db, merchant);
}
