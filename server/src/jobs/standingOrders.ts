// The standing-order job (hok, issue 14): on each billing date of an active order, the apartment's
// open committee fees due by then are charged to the order's card. A run is a payment row keyed by the
// order and its period (the billing date): the unique index lets one process of many insert it, and the
// provider charges the payment's id once, so a period is charged exactly once on either engine.
// A run never comes before its period's committee fees: it posts them first (jobs/feeBilling.ts, once per
// apartment and period on any number of processes), so a run that starts before the fee job, or beside it
// in another process, still finds the fee it is there to settle.
import { chargeDates } from '../../../src/lib/domain/standingOrderRules.ts';
import { runFeeBilling } from './feeBilling.ts';
import { scheduleLeasedJob } from './leasedJob.ts';
import type { AppContext } from '../context.ts';
import type { StandingOrder } from '../data/payments.ts';
import { apartmentHolds, billingSettings, payments, savedCards, standingOrders } from '../data/payments.ts';
import { users } from '../data/users.ts';
import { buildingDebts } from '../money/ledgerDebts.ts';
import type { PaymentContext } from '../payments/cardPayment.ts';
import { completePayment, quoteOf, recordIntent } from '../payments/cardPayment.ts';
import { israelLocalDate } from '../util/dates.ts';

export const STANDING_ORDERS_JOB = 'standingOrders';
const INTERVAL_MS = 60 * 60_000;
const committeeKinds = new Set(['pastCommittee', 'currentCommittee', 'futureCommittee']);

/** The billing dates of an order from its start up to `today` (inclusive). */
export function duePeriods(order: Pick<StandingOrder, 'startDate' | 'billingDay' | 'frequency'>, today: string): string[] {
  const out: string[] = [];
  for (const d of chargeDates(order.startDate, order.billingDay, order.frequency, 240)) {
    if (d > today) break;
    out.push(d);
  }
  return out;
}

export type RunCounts = { charged: number; failed: number; nothingDue: number };

async function runPeriod(ctx: PaymentContext, order: StandingOrder, period: string, today: string, counts: RunCounts): Promise<void> {
  const id = `so:${order.id}:${period}`;
  let payment = await payments.find(ctx.db, id);
  if (!payment) {
    const card = await savedCards.byId(ctx.db, order.cardId);
    const settings = await billingSettings.of(ctx.db, order.buildingId);
    const user = await users.byId(ctx.db, order.userId);
    // The debts are read in the transaction that records the run and holds its charges (payments/cardPayment.ts).
    const recorded = await recordIntent(ctx, id, async (tx) => {
      const debts = (await buildingDebts(tx, order.companyId, order.buildingId, today, { apartmentId: order.apartmentId })).filter(
        (d) => !d.paid && !d.pendingChecks && committeeKinds.has(d.kind) && d.dueDate <= period,
      );
      const lines = debts.map((d) => ({ chargeId: d.id, description: d.description, debtKind: d.kind, dueDate: d.dueDate, amountAgorot: d.openAgorot }));
      const quote = card && settings ? quoteOf(lines, card, settings, period) : null;
      return {
        companyId: order.companyId,
        userId: order.userId,
        buildingId: order.buildingId,
        apartmentId: order.apartmentId,
        contactId: user?.contactId ?? null,
        chargeIds: lines.map((l) => l.chargeId),
        lines,
        method: 'standingOrder',
        cardId: card?.id ?? null,
        cardKind: card?.cardKind ?? 'local',
        last4: card?.last4 ?? '',
        subtotalAgorot: quote?.subtotal ?? 0,
        feeNetAgorot: quote?.feeNet ?? 0,
        feeVatAgorot: quote?.feeVat ?? 0,
        totalAgorot: quote?.total ?? 0,
        vatBasisPoints: quote?.vatBasisPoints ?? 0,
        payerName: user?.fullName ?? '',
        standingOrderId: order.id,
        period,
        date: period,
      };
    });
    // A payment of the tenant's own holds some of these fees right now: the next run tries again.
    if ('heldBy' in recorded) return;
    payment = recorded.payment;
    // Nothing due this period: the run is recorded (so it is not tried again) without a charge.
    if (payment.lines.length === 0 && payment.status === 'pending') {
      await payments.settle(ctx.db, id, { status: 'nothingDue', providerChargeId: null, errorKey: null, receiptNumber: null, updatedAt: ctx.nowIso() });
      counts.nothingDue += 1;
      return;
    }
    // The same refusals as a payment by hand (payments/cardPayment.ts payableSettings), recorded as the run's failure.
    const refusal = !settings?.cardPayments
      ? 'buildingNotSetUpForCardPayments'
      : (await apartmentHolds.reasonOf(ctx.db, order.apartmentId)) !== null
        ? 'unitInLegalProceedings'
        : null;
    if (refusal && payment.status === 'pending') {
      await payments.settle(ctx.db, id, { status: 'failed', providerChargeId: null, errorKey: refusal, receiptNumber: null, updatedAt: ctx.nowIso() });
      counts.failed += 1;
      return;
    }
  }
  const done = await completePayment(ctx, payment, 'standingOrder');
  if (done.status === 'succeeded') counts.charged += 1;
  else if (done.status === 'failed') counts.failed += 1;
}

/** Posts the fees due by today, then charges every active order's due periods not run yet. Safe to run from several processes at once. */
export async function runStandingOrders(ctx: PaymentContext): Promise<RunCounts> {
  const today = israelLocalDate(ctx.now());
  const counts: RunCounts = { charged: 0, failed: 0, nothingDue: 0 };
  // Returns once every fee due by today is committed, by this process or (waited for on its key) another.
  await runFeeBilling(ctx);
  for (const order of await standingOrders.active(ctx.db)) {
    for (const period of duePeriods(order, today)) {
      if ((await payments.ofStandingOrder(ctx.db, order.id, period))?.status === 'succeeded') continue;
      await runPeriod(ctx, order, period, today, counts);
    }
  }
  return counts;
}

/** Runs the job now and every hour, one process per interval (the `jobs` lease); returns the stopper. */
export function scheduleStandingOrders(ctx: AppContext, onError: (error: unknown) => void, intervalMs = INTERVAL_MS): () => Promise<void> {
  return scheduleLeasedJob(ctx, STANDING_ORDERS_JOB, () => runStandingOrders(ctx), onError, intervalMs);
}
