// A card payment exactly once (issue 14): the intent is stored under the device's id first, the
// provider is asked to charge that id (it charges a key once), and the outcome, the receipt number and
// the ledger's payment are written in one transaction that only one request can win. A double tap, a
// lost answer, a reload or a second server process all end in the same single charge.
import { quoteCardPayment } from '../../../src/lib/clearingFee.ts';
import { cardPaymentText, standingOrderRunText } from '../../../src/lib/domain/ledgerText.ts';
import type { PaymentQuote } from '../../../src/lib/clearingFee.ts';
import { vatRateOn } from '../../../src/lib/vat.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { BillingSettings, Payment, PaymentLine, SavedCard } from '../data/payments.ts';
import { apartmentHolds, billingSettings, payments, savedCards } from '../data/payments.ts';
import { ApiError, fail } from '../http/errors.ts';
import { buildingDebts } from '../money/ledgerDebts.ts';
import { postPayment } from '../money/postPayment.ts';
import { israelLocalDate } from '../util/dates.ts';
import type { PaymentProvider } from './provider.ts';
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
export async function linesOf(db: Db, companyId: number, buildingId: number, apartmentId: string, chargeIds: readonly string[]): Promise<PaymentLine[]> {
  if (chargeIds.length === 0) throw fail.rule({ field: 'debts', messageKey: 'chooseDebts' });
  const all = await buildingDebts(db, companyId, buildingId, { apartmentId });
  return chargeIds.map((id) => {
    const d = all.find((x) => x.id === id);
    if (!d) throw fail.notFound();
    if (d.paid) throw fail.rule({ field: 'debts', messageKey: 'debtAlreadyPaid' });
    if (d.pendingChecks) throw fail.rule({ field: 'debts', messageKey: 'debtPendingChecks' });
    return { chargeId: d.id, description: d.description, descriptionKey: d.descriptionKey, descriptionParams: d.descriptionParams, debtKind: d.kind, dueDate: d.dueDate, amountAgorot: d.openAgorot };
  });
}

export function quoteOf(lines: readonly PaymentLine[], card: Pick<SavedCard, 'cardKind'>, settings: BillingSettings, date: string): PaymentQuote & { vatBasisPoints: number } {
  const vatBasisPoints = vatRateOn(date);
  return { ...quoteCardPayment(lines.map((l) => l.amountAgorot), card.cardKind, settings, vatBasisPoints), vatBasisPoints };
}

export type NewIntent = Omit<Payment, 'status' | 'providerChargeId' | 'errorKey' | 'receiptNumber' | 'createdAt' | 'updatedAt'>;

/** Stores the intent (a second one with the same id is ignored) and returns the stored one. */
export async function recordIntent(ctx: PaymentContext, intent: NewIntent): Promise<Payment> {
  const now = ctx.nowIso();
  await payments.insertOnce(ctx.db, { ...intent, status: 'pending', providerChargeId: null, errorKey: null, receiptNumber: null, createdAt: now, updatedAt: now });
  const stored = await payments.find(ctx.db, intent.id);
  if (!stored) throw new Error('a payment intent was stored but cannot be read');
  return stored;
}

/**
 * Charges a pending payment (the provider charges its id once) and records the outcome; a payment that
 * already has one is returned as it is. Safe to call from any number of requests at once.
 */
export async function completePayment(ctx: PaymentContext, payment: Payment, createdBy: string): Promise<Payment> {
  if (payment.status !== 'pending') return payment;
  const card = payment.cardId ? await savedCards.byId(ctx.db, payment.cardId) : undefined;
  const result = card
    ? await ctx.provider.charge({ merchant: merchantOf(payment.companyId), token: card.token, amountAgorot: payment.totalAgorot, idempotencyKey: payment.id })
    : ({ ok: false, failure: 'invalidCard' } as const);
  await ctx.db.tx(async (tx) => {
    const at = ctx.nowIso();
    if (!result.ok) {
      await payments.settle(tx, payment.id, { status: 'failed', providerChargeId: null, errorKey: messageOfFailure(result.failure), receiptNumber: null, updatedAt: at });
      return;
    }
    const receiptNumber = await payments.nextReceiptNumber(tx, payment.companyId);
    if (!(await payments.settle(tx, payment.id, { status: 'succeeded', providerChargeId: result.chargeId, errorKey: null, receiptNumber, updatedAt: at }))) return;
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
