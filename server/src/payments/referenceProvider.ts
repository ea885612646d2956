// The reference clearing provider: behaves like an Israeli clearing company's API (tokenize a card,
// charge a token once per idempotency key, refund), keeping its own books in tables no route reads.
// Test cards (src/lib/cards.ts `testCards`): success, decline, insufficient funds, a card issued
// abroad, American Express, Diners; any other valid number succeeds as a local card.
import { randomUUID } from 'node:crypto';
import { brandKindOf, digitsOfCard, luhnValid } from '../../../src/lib/cards.ts';
import { testCards } from '../../../src/lib/cards.ts';
import type { CardKind } from '../../../src/lib/clearingFee.ts';
import type { Database } from '../db/database.ts';
import type { PaymentProvider, ProviderFailure } from './provider.ts';

type Outcome = 'approve' | ProviderFailure;

function outcomeOf(number: string): { outcome: Outcome; cardKind: CardKind } {
  if (number === testCards.decline) return { outcome: 'declined', cardKind: 'local' };
  if (number === testCards.insufficientFunds) return { outcome: 'insufficientFunds', cardKind: 'local' };
  if (number === testCards.foreign) return { outcome: 'approve', cardKind: 'foreign' };
  return { outcome: 'approve', cardKind: brandKindOf(number) };
}

export type ReferenceProviderOptions = {
  /** How long each call takes to answer (env PAYMENT_PROVIDER_DELAY_MS): a slow clearing company, for tests of concurrent payments. */
  delayMs?: number;
};

export function referenceProvider(db: Database, now: () => Date, options: ReferenceProviderOptions = {}): PaymentProvider {
  const delayMs = options.delayMs ?? 0;
  const answerLater = () => (delayMs > 0 ? new Promise((resolve) => setTimeout(resolve, delayMs)) : Promise.resolve());
  return {
    name: 'reference',

    async tokenize(merchant, card) {
      await answerLater();
      const number = digitsOfCard(card.number);
      if (!luhnValid(number) || !/^\d{3,4}$/.test(card.cvv)) return { ok: false, failure: 'invalidCard' };
      const { outcome, cardKind } = outcomeOf(number);
      const token = `tok_${randomUUID()}`;
      const last4 = number.slice(-4);
      await db.run(db.q.insertInto('provider_cards').values({ token, merchant, cardKind, last4, expiry: card.expiry, outcome, createdAt: now().toISOString() }));
      return { ok: true, token, last4, expiry: card.expiry, cardKind };
    },

    async charge({ merchant, token, amountAgorot, idempotencyKey }) {
      await answerLater();
      const card = await db.first(db.q.selectFrom('provider_cards').selectAll().where('token', '=', token).where('merchant', '=', merchant));
      if (!card) return { ok: false, failure: 'invalidCard' };
      if (card.outcome !== 'approve') return { ok: false, failure: card.outcome as ProviderFailure };
      // One charge per key: a repeat (or a concurrent twin) gets the first charge back.
      await db.run(
        db.q
          .insertInto('provider_charges')
          .values({ id: `ch_${randomUUID()}`, merchant, idempotencyKey, token, amountAgorot, status: 'captured', refundedAgorot: 0, createdAt: now().toISOString() })
          .onConflict((oc) => oc.column('idempotencyKey').doNothing()),
      );
      const charge = await db.first(db.q.selectFrom('provider_charges').selectAll().where('idempotencyKey', '=', idempotencyKey));
      if (!charge || charge.token !== token || Number(charge.amountAgorot) !== amountAgorot) return { ok: false, failure: 'declined' };
      return { ok: true, chargeId: charge.id };
    },

    async findCharge(merchant, idempotencyKey) {
      await answerLater();
      const charge = await db.first(db.q.selectFrom('provider_charges').select(['id', 'amountAgorot']).where('idempotencyKey', '=', idempotencyKey).where('merchant', '=', merchant));
      return charge ? { chargeId: charge.id, amountAgorot: Number(charge.amountAgorot) } : null;
    },

    async refund(merchant, chargeId, amountAgorot, idempotencyKey) {
      await answerLater();
      return db.tx(async (tx) => {
        const charge = await tx.first(tx.q.selectFrom('provider_charges').selectAll().where('id', '=', chargeId).where('merchant', '=', merchant));
        if (!charge) return { ok: false as const, failure: 'declined' as const };
        const done = await tx.first(tx.q.selectFrom('provider_refunds').selectAll().where('idempotencyKey', '=', idempotencyKey));
        if (done) return done.chargeId === chargeId && Number(done.amountAgorot) === amountAgorot ? { ok: true as const, refundedAgorot: Number(charge.refundedAgorot) } : { ok: false as const, failure: 'declined' as const };
        if (Number(charge.refundedAgorot) + amountAgorot > Number(charge.amountAgorot)) return { ok: false as const, failure: 'declined' as const };
        const refundedAgorot = Number(charge.refundedAgorot) + amountAgorot;
        await tx.run(tx.q.insertInto('provider_refunds').values({ idempotencyKey, chargeId, amountAgorot, createdAt: now().toISOString() }));
        await tx.run(tx.q.updateTable('provider_charges').set({ refundedAgorot }).where('id', '=', chargeId));
        return { ok: true as const, refundedAgorot };
      });
    },
  };
}

/** What the provider refunded of the charge made under a payment's key (tests: a refund is made once). */
export async function providerRefundedOf(db: Database, idempotencyKey: string): Promise<number> {
  const row = await db.first(db.q.selectFrom('provider_charges').select('refundedAgorot').where('idempotencyKey', '=', idempotencyKey));
  return row ? Number(row.refundedAgorot) : 0;
}

/** How many charges the provider holds under a key (tests: a payment is charged exactly once). */
export async function providerChargesOf(db: Database, idempotencyKey: string): Promise<number> {
  const rows = await db.all(db.q.selectFrom('provider_charges').select('id').where('idempotencyKey', '=', idempotencyKey));
  return rows.length;
}

/** How many cards the provider tokenized for a merchant (tests: a refused request never reached it). */
export async function providerCardsOf(db: Database, merchant: string): Promise<number> {
  const rows = await db.all(db.q.selectFrom('provider_cards').select('token').where('merchant', '=', merchant));
  return rows.length;
}

/** How many charges the provider holds for a merchant (tests: of two intents at once, one reached it). */
export async function providerChargeCountOf(db: Database, merchant: string): Promise<number> {
  const rows = await db.all(db.q.selectFrom('provider_charges').select('id').where('merchant', '=', merchant));
  return rows.length;
}
