// Refunding a card payment exactly once (issue 14): the refund is stored under its request's id first
// (refused when it is more than is left to refund), the provider is asked to refund under that id (it
// refunds a key once), and the outcome, its credit document's number and the ledger's refund row, which
// reopens the debts the payment settled, are written in one transaction that only one request can win.
import { unsettle } from '../../../src/lib/domain/ledger.ts';
import { refundText } from '../../../src/lib/domain/ledgerText.ts';
import { receiptIssuerKey } from '../../../src/lib/domain/receiptIssuer.ts';
import { ledgerPartOfRefund, validateRefund } from '../../../src/lib/domain/refundRules.ts';
import type { Db } from '../db/database.ts';
import { ledger } from '../data/ledger.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import type { Payment, Refund } from '../data/payments.ts';
import { refundedOf, refunds } from '../data/payments.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { israelLocalDate } from '../util/dates.ts';
import type { PaymentContext } from './cardPayment.ts';
import { merchantOf } from './cardPayment.ts';

export type RefundRequest = { id: string; amountAgorot: number; createdBy: string };

const paymentSource = (p: Payment) => (p.method === 'standingOrder' ? 'standingOrderRun' : 'cardPayment');

/** Records the refund (a repeat of its id finds the first) and completes it. */
export async function refundPayment(ctx: PaymentContext, payment: Payment, request: RefundRequest): Promise<Refund> {
  const existing = await refunds.find(ctx.db, request.id);
  if (existing) {
    // Another refund under this id: shown when it is of the same company, never another company's.
    if (existing.companyId !== payment.companyId) throw fail.idTaken();
    if (existing.paymentId !== payment.id || existing.amountAgorot !== request.amountAgorot)
      throw new ApiError(409, 'ALREADY_EXISTS', 'alreadyExists', { extra: { current: existing } });
    return completeRefund(ctx, payment, existing);
  }
  await ctx.db.tx(async (tx) => {
    const sofar = refundedOf(await refunds.ofPayment(tx, payment.id));
    enforce(
      validateRefund({
        status: payment.providerChargeId ? payment.status : 'none',
        totalAgorot: payment.totalAgorot,
        refundedAgorot: sofar.refundedAgorot,
        amountAgorot: request.amountAgorot,
      }),
      true,
    );
    const at = ctx.nowIso();
    await refunds.insertOnce(tx, {
      id: request.id,
      companyId: payment.companyId,
      paymentId: payment.id,
      amountAgorot: request.amountAgorot,
      ledgerAgorot: ledgerPartOfRefund(payment.subtotalAgorot, sofar.ledgerAgorot, request.amountAgorot),
      status: 'pending',
      errorKey: null,
      creditIssuer: null,
      creditNumber: null,
      createdBy: request.createdBy,
      createdAt: at,
      updatedAt: at,
    });
  });
  const stored = await refunds.find(ctx.db, request.id);
  if (!stored) throw new Error('a refund was stored but cannot be read');
  return completeRefund(ctx, payment, stored);
}

/** Asks the provider to refund a pending refund and records the outcome; one that has one is returned as it is. */
export async function completeRefund(ctx: PaymentContext, payment: Payment, refund: Refund): Promise<Refund> {
  if (refund.status !== 'pending') return refund;
  const result = payment.providerChargeId
    ? await ctx.provider.refund(merchantOf(payment.companyId), payment.providerChargeId, refund.amountAgorot, refund.id)
    : ({ ok: false, failure: 'declined' } as const);
  await ctx.db.tx(async (tx) => {
    const at = ctx.nowIso();
    if (!result.ok) {
      await refunds.settle(tx, refund.id, { status: 'failed', errorKey: 'refundFailed', updatedAt: at });
      return;
    }
    if (!(await refunds.settle(tx, refund.id, { status: 'succeeded', errorKey: null, updatedAt: at }))) return;
    // Money given back gets its own document: numbered in the receipt's issuer's credit sequence, here.
    await refunds.numberCredit(tx, refund.id, payment.receiptIssuer ?? receiptIssuerKey('company', payment.companyId, payment.buildingId));
    if (refund.ledgerAgorot > 0) await postRefund(tx, payment, refund, israelLocalDate(ctx.now()), at);
  });
  return (await refunds.find(ctx.db, refund.id)) ?? refund;
}

async function postRefund(tx: Db, payment: Payment, refund: Refund, date: string, at: string): Promise<void> {
  const paid = await ledger.bySource(tx, payment.companyId, paymentSource(payment), payment.id, 'payment');
  const earlier: StoredLedgerEntry[] = [];
  for (const r of await refunds.ofPayment(tx, payment.id)) {
    if (r.id === refund.id) continue;
    const row = await ledger.bySource(tx, payment.companyId, 'refund', r.id, 'refund');
    if (row) earlier.push(row);
  }
  await ledger.insert(
    tx,
    {
      id: `refund:${refund.id}`,
      buildingId: payment.buildingId,
      kind: 'refund',
      date,
      amountAgorot: refund.ledgerAgorot,
      apartmentId: payment.apartmentId,
      contactId: payment.contactId,
      debtKind: null,
      dueDate: null,
      group: null,
      description: `Refund of receipt ${payment.receiptNumber ?? ''}`.trim(),
      ...refundText(payment.receiptNumber, payment.last4),
      settles: unsettle(
        paid?.settles ?? [],
        earlier.flatMap((e) => e.settles),
        refund.ledgerAgorot,
      ),
      sourceKind: 'refund',
      sourceId: refund.id,
      createdAt: at,
      createdBy: refund.createdBy,
      version: 1,
      updatedAt: at,
    },
    payment.companyId,
  );
}
