// A card payment exactly once (issue 14): the intent is stored under the device's id first, the
// provider is asked to charge that id (it charges a key once), and the outcome, the receipt number (in
// the sequence of the building's issuer, issue 29) and
// the ledger's payment are written in one transaction that only one request can win. A double tap, a
// lost answer, a reload or a second server process all end in the same single charge.
//
// One charge is paid once (issue 27): the intent holds each charge it pays from the transaction that
// records it until it has its outcome (payment_reservations), so of two intents for one charge sent at
// once, to any processes, one reaches the provider and the other is refused. The provider is asked only
// after that transaction committed, never inside one; an intent finished later checks its charges first.
import { validateDebtChoice } from '../../../src/lib/cards.ts';
import { quoteCardPayment } from '../../../src/lib/clearingFee.ts';
import { cardPaymentText, standingOrderRunText } from '../../../src/lib/domain/ledgerText.ts';
import { receiptIssuerKey } from '../../../src/lib/domain/receiptIssuer.ts';
import type { PaymentQuote } from '../../../src/lib/clearingFee.ts';
import type { MessageKey } from '../../../src/lib/validation/messages.ts';
import { vatRateOn } from '../../../src/lib/vat.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { BillingSettings, Payment, PaymentLine, SavedCard } from '../data/payments.ts';
import { apartmentHolds, billingSettings, paymentReservations, payments, savedCards } from '../data/payments.ts';
import { ApiError, fail } from '../http/errors.ts';
import { buildingDebts } from '../money/ledgerDebts.ts';
import { postPayment } from '../money/postPayment.ts';
import { israelLocalDate } from '../util/dates.ts';
import type { AttemptGuard } from './cardLimits.ts';
import { isDecline } from './cardLimits.ts';
import type { PaymentProvider, ProviderFailure } from './provider.ts';
import { messageOfFailure } from './provider.ts';

export type PaymentContext = Pick<AppContext, 'db' | 'now' | 'nowIso'> & { provider: PaymentProvider };

export const merchantOf = (companyId: number) => `company-${companyId}`;

/** The building's settings, refusing when it takes no card payments or the unit is held (spec 8). */
export async function payableSettings(db: Db, buildingId: number, apartmentId: string): Promise<BillingSettings> {
  const settings = await billingSettings.of(db, buildingId);
  if (!settings?.cardPayments) throw new ApiError(422, 'BUILDING_NOT_SET_UP_FOR_CARD_PAYMENTS', 'buildingNotSetUpForCardPayments');
  if ((await apartmentHolds.reasonOf(db, apartmentId)) !== null) throw new ApiError(422, 'UNIT_IN_LEGAL_PROCEEDINGS', 'unitInLegalProceedings');
  return settings;
}

/** The lines of the chosen debts at their open amounts; a debt not open, or covered by sent checks, is refused. */
export async function linesOf(
  db: Db,
  companyId: number,
  buildingId: number,
  apartmentId: string,
  chargeIds: readonly string[],
  today: string,
): Promise<PaymentLine[]> {
  // The shared rule (src/lib/cards.ts): at least one debt, each once — one named twice would be charged twice.
  const refusal = validateDebtChoice(chargeIds);
  if (refusal) throw refusal.messageKey === 'chooseDebts' ? fail.rule(refusal) : fail.validation(refusal);
  const all = await buildingDebts(db, companyId, buildingId, today, { apartmentId });
  return chargeIds.map((id) => {
    const d = all.find((x) => x.id === id);
    if (!d) throw fail.notFound();
    if (d.paid) throw fail.rule({ field: 'debts', messageKey: 'debtAlreadyPaid' });
    if (d.pendingChecks) throw fail.rule({ field: 'debts', messageKey: 'debtPendingChecks' });
    return {
      chargeId: d.id,
      description: d.description,
      descriptionKey: d.descriptionKey,
      descriptionParams: d.descriptionParams,
      debtKind: d.kind,
      dueDate: d.dueDate,
      amountAgorot: d.openAgorot,
    };
  });
}

export function quoteOf(
  lines: readonly PaymentLine[],
  card: Pick<SavedCard, 'cardKind'>,
  settings: BillingSettings,
  date: string,
): PaymentQuote & { vatBasisPoints: number } {
  const vatBasisPoints = vatRateOn(date);
  return {
    ...quoteCardPayment(
      lines.map((l) => l.amountAgorot),
      card.cardKind,
      settings,
      vatBasisPoints,
    ),
    vatBasisPoints,
  };
}

export type NewIntent = Omit<Payment, 'id' | 'status' | 'providerChargeId' | 'errorKey' | 'receiptNumber' | 'receiptIssuer' | 'createdAt' | 'updatedAt'>;

/** A pending intent older than this holds its charges no longer against a new one: it is finished first. */
export const STALE_INTENT_MS = 10 * 60_000;

export const isStale = (ctx: Pick<PaymentContext, 'now'>, p: Payment) =>
  p.status === 'pending' && ctx.now().getTime() - Date.parse(p.createdAt) >= STALE_INTENT_MS;

/** The intent with the id, an intent just recorded, or the open intents holding its charges (nothing recorded). */
export type Recorded = { payment: Payment; created: boolean } | { heldBy: Payment[] };

/**
 * Records a pending intent under `id` and holds its charges, in one transaction: `build` runs inside it,
 * so the debts it reads are those open when it commits. An intent with the id already is returned as it
 * is (the caller checks whose it is); when open intents hold any of the charges nothing is recorded.
 */
export async function recordIntent(ctx: PaymentContext, id: string, build: (tx: Db) => Promise<NewIntent>): Promise<Recorded> {
  return ctx.db.tx(async (tx): Promise<Recorded> => {
    const existing = await payments.find(tx, id);
    if (existing) return { payment: existing, created: false };
    const intent = await build(tx);
    const heldBy = await paymentReservations.holders(tx, intent.chargeIds, id);
    if (heldBy.length > 0) return { heldBy };
    const now = ctx.nowIso();
    const payment: Payment = {
      ...intent,
      id,
      status: 'pending',
      providerChargeId: null,
      errorKey: null,
      receiptNumber: null,
      receiptIssuer: null,
      createdAt: now,
      updatedAt: now,
    };
    await payments.insertOnce(tx, payment);
    await paymentReservations.hold(tx, payment.companyId, id, payment.chargeIds, now);
    return { payment, created: true };
  });
}

/**
 * Why a pending intent may no longer be charged (its charges changed since it was made: paid by checks or
 * by the office, covered by sent checks, moved, changed), or null when each is open for what it pays.
 */
export async function staleChargesOf(db: Db, payment: Payment, today: string): Promise<MessageKey | null> {
  if (payment.lines.length === 0) return null;
  const debts = await buildingDebts(db, payment.companyId, payment.buildingId, today, { apartmentId: payment.apartmentId });
  for (const line of payment.lines) {
    const d = debts.find((x) => x.id === line.chargeId);
    if (!d) return 'paymentCannotContinue';
    if (d.paid) return 'debtAlreadyPaid';
    if (d.pendingChecks) return 'debtPendingChecks';
    if (d.openAgorot !== line.amountAgorot) return 'paymentCannotContinue';
  }
  return null;
}

/**
 * Charges a pending payment (the provider charges its id once) and records the outcome; a payment that
 * already has one is returned as it is. Safe to call from any number of requests at once.
 */
export async function completePayment(ctx: PaymentContext, payment: Payment, createdBy: string, guard?: AttemptGuard): Promise<Payment> {
  if (payment.status !== 'pending') return payment;
  const merchant = merchantOf(payment.companyId);
  const card = payment.cardId ? await savedCards.byId(ctx.db, payment.cardId) : undefined;
  const refusal: MessageKey | null = (await staleChargesOf(ctx.db, payment, israelLocalDate(ctx.now()))) ?? (card ? null : 'invalidCardNumber');
  if (refusal !== null || !card) {
    // An earlier attempt (a process stopped mid-way) may have been charged: money taken is recorded, never dropped.
    const made = await ctx.provider.findCharge(merchant, payment.id);
    if (made) return recordOutcome(ctx, payment, { ok: true, chargeId: made.chargeId }, createdBy, card);
    await payments.settle(ctx.db, payment.id, {
      status: 'failed',
      providerChargeId: null,
      errorKey: refusal ?? 'invalidCardNumber',
      receiptNumber: null,
      updatedAt: ctx.nowIso(),
    });
    return (await payments.find(ctx.db, payment.id)) ?? payment;
  }
  await guard?.before();
  const result = await ctx.provider.charge({ merchant, token: card.token, amountAgorot: payment.totalAgorot, idempotencyKey: payment.id });
  await guard?.after(!result.ok && isDecline(result.failure));
  return recordOutcome(ctx, payment, result, createdBy, card);
}

type ChargeOutcome = { ok: true; chargeId: string } | { ok: false; failure: ProviderFailure };

/** Writes the provider's answer: the outcome, and on success the receipt number and the ledger's payment. */
async function recordOutcome(ctx: PaymentContext, payment: Payment, result: ChargeOutcome, createdBy: string, card?: SavedCard): Promise<Payment> {
  await ctx.db.tx(async (tx) => {
    const at = ctx.nowIso();
    if (!result.ok) {
      await payments.settle(tx, payment.id, {
        status: 'failed',
        providerChargeId: null,
        errorKey: messageOfFailure(result.failure),
        receiptNumber: null,
        updatedAt: at,
      });
      return;
    }
    if (
      !(await payments.settle(tx, payment.id, { status: 'succeeded', providerChargeId: result.chargeId, errorKey: null, receiptNumber: null, updatedAt: at }))
    )
      return;
    // Only the request that recorded the success takes a number, in this transaction (gap-free receipts).
    const issuer = receiptIssuerKey(await billingSettings.receiptIssuerOf(tx, payment.buildingId), payment.companyId, payment.buildingId);
    await payments.numberReceipt(tx, payment.id, issuer);
    await postPayment(tx, {
      id: `payment:${payment.id}`,
      companyId: payment.companyId,
      buildingId: payment.buildingId,
      apartmentId: payment.apartmentId,
      contactId: payment.contactId,
      amountAgorot: payment.subtotalAgorot,
      chargeIds: payment.chargeIds,
      date: israelLocalDate(ctx.now()),
      text: payment.method === 'standingOrder' ? standingOrderRunText(payment.period) : cardPaymentText(payment.last4),
      description: payment.method === 'standingOrder' ? `Standing order ${payment.period ?? ''}`.trim() : `Card ****${payment.last4}`,
      sourceKind: payment.method === 'standingOrder' ? 'standingOrderRun' : 'cardPayment',
      sourceId: payment.id,
      createdBy,
      nowIso: at,
    });
    // A card the tenant chose not to keep served this payment only.
    if (card && !card.kept) await savedCards.remove(tx, card.id, at);
  });
  return (await payments.find(ctx.db, payment.id)) ?? payment;
}
