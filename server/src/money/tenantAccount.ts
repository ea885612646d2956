// A tenant's own apartment(s) (issue 14 "my apartment"): reached through the contact the tenant is in
// the building's list; balance, open debts and payment history come from the one ledger, receipts
// from the card and standing-order payments.
import type { FastifyRequest } from 'fastify';
import { apartmentBalance, reopenedByBounce } from '../../../src/lib/domain/ledger.ts';
import type { Apartment, Building, Contact } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import { apartments, buildings, contacts } from '../data/buildings.ts';
import { checkLife } from '../data/checkLife.ts';
import { ledger } from '../data/ledger.ts';
import type { BillingSettings, Payment } from '../data/payments.ts';
import { apartmentHolds, billingSettings, payments, refunds, standingOrders } from '../data/payments.ts';
import { ApiError } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { chargesInSentChecks, debtsOf } from './ledgerDebts.ts';

export type TenantHome = { apartment: Apartment; building: Building; contact: Contact };

export const noApartment = () => new ApiError(404, 'NO_APARTMENT', 'noApartment');

/** The apartments the signed-in tenant is registered to (owner or renter). */
export async function tenantHomes(db: Db, req: FastifyRequest): Promise<TenantHome[]> {
  const { user, companyId } = authOf(req);
  if (!user.contactId) return [];
  const contact = await contacts.find(db, user.contactId);
  if (!contact || contact.companyId !== companyId || !contact.entity.apartmentId) return [];
  const apartment = (await apartments.find(db, contact.entity.apartmentId))?.entity;
  const building = apartment ? (await buildings.find(db, apartment.buildingId))?.entity : undefined;
  return apartment && building ? [{ apartment, building, contact: contact.entity }] : [];
}

/** One of the tenant's apartments; any other id is refused as not theirs. */
export async function myHome(db: Db, req: FastifyRequest, apartmentId: string): Promise<TenantHome> {
  const home = (await tenantHomes(db, req)).find((h) => h.apartment.id === apartmentId);
  if (!home) throw noApartment();
  return home;
}

export type HistoryRow = {
  id: string;
  /**
   * payment; refund (money given back to the card; it reopens what the payment settled); bounce (a check
   * that came back unpaid; it reopens what the check paid); credit (the office took all or part of a
   * wrong charge off; its description is the reason).
   */
  kind: 'payment' | 'refund' | 'bounce' | 'credit';
  date: string;
  amountAgorot: number;
  /** card, standingOrder, checks, refund, bouncedCheck (a check's reversal), other (a payment the office recorded). */
  method: string;
  description: string;
  descriptionKey: string | null;
  descriptionParams: Record<string, string> | null;
  paymentId: string | null;
  receiptNumber: number | null;
  totalAgorot: number | null;
  last4: string | null;
  /** A refund's credit document: its number in the issuer's credit sequence (issue 29). */
  creditNumber: number | null;
  /** A refund row's credit document, by the payment and refund its PDF is read by (issue 29), else null. */
  creditDocument: { paymentId: string; refundId: string; number: number } | null;
};

function methodOf(sourceKind: string | null): string {
  if (sourceKind === 'cardPayment') return 'card';
  if (sourceKind === 'standingOrderRun') return 'standingOrder';
  if (sourceKind === 'checkGroup') return 'checks';
  if (sourceKind === 'refund') return 'refund';
  if (sourceKind === 'credit') return 'credit';
  if (sourceKind === 'checkBounce') return 'bouncedCheck';
  return 'other';
}

export type ApartmentAccount = {
  apartmentId: string;
  number: string;
  floor: number;
  buildingId: number;
  buildingName: string;
  address: string;
  city: string;
  balanceAgorot: number;
  /** Open debts; `reopenedByCheck`: the number of the bounced check that made one owed again, else null. */
  debts: (ReturnType<typeof debtsOf>[number] & { reopenedByCheck: string | null })[];
  history: HistoryRow[];
  failedRuns: { paymentId: string; date: string; totalAgorot: number; errorKey: string | null }[];
  cardPayments: boolean;
  settings: BillingSettings | null;
  hold: string | null;
  standingOrder: { id: string; billingDay: number; frequency: string; startDate: string; cardId: string; version: number } | null;
  /** The apartment's checks that bounced (issue 29 §5): what they reopened is among the debts again. */
  bouncedChecks: { checkGuid: string; checkNumber: string | null; amountAgorot: number; depositDate: string; bouncedAt: string | null }[];
};

export async function accountOf(db: Db, companyId: number, home: TenantHome, today: string): Promise<ApartmentAccount> {
  const { apartment, building } = home;
  const entries = await ledger.ofBuilding(db, companyId, building.id);
  const mine = entries.filter((e) => e.apartmentId === apartment.id);
  const paid: Map<string, Payment> = new Map((await payments.ofApartment(db, companyId, apartment.id)).map((p) => [p.id, p]));
  const settings = await billingSettings.of(db, building.id);
  const order = await standingOrders.activeOfApartment(db, companyId, apartment.id);
  const refundsById = new Map((await refunds.ofPayments(db, [...paid.keys()])).map((r) => [r.id, r]));
  const bounced = reopenedByBounce(mine);
  const history = mine
    .filter((e) => e.kind === 'payment' || e.kind === 'refund' || e.kind === 'bounce' || e.kind === 'credit')
    .map((e): HistoryRow => {
      const p = e.kind === 'payment' && e.sourceId ? paid.get(e.sourceId) : undefined;
      const r = e.kind === 'refund' && e.sourceId ? refundsById.get(e.sourceId) : undefined;
      return {
        id: e.id,
        kind: e.kind === 'refund' || e.kind === 'bounce' || e.kind === 'credit' ? e.kind : 'payment',
        date: e.date,
        amountAgorot: e.amountAgorot,
        method: methodOf(e.sourceKind),
        description: e.description,
        descriptionKey: e.descriptionKey ?? null,
        descriptionParams: e.descriptionParams ?? null,
        paymentId: p?.id ?? null,
        receiptNumber: p?.receiptNumber ?? null,
        totalAgorot: p?.totalAgorot ?? null,
        last4: p?.last4 ?? null,
        creditNumber: r?.creditNumber ?? null,
        creditDocument: r && r.creditNumber !== null ? { paymentId: r.paymentId, refundId: r.id, number: r.creditNumber } : null,
      };
    })
    .reverse();
  return {
    apartmentId: apartment.id,
    number: apartment.number,
    floor: apartment.floor,
    buildingId: building.id,
    buildingName: building.name,
    address: building.address,
    city: building.city,
    balanceAgorot: apartmentBalance(mine, apartment.id),
    debts: debtsOf(mine, await chargesInSentChecks(db, building.id, entries), today)
      .filter((d) => !d.paid)
      .map((d) => ({ ...d, reopenedByCheck: bounced.get(d.id) ?? null })),
    history,
    failedRuns: [...paid.values()]
      .filter((p) => p.method === 'standingOrder' && p.status === 'failed')
      .map((p) => ({ paymentId: p.id, date: p.date, totalAgorot: p.totalAgorot, errorKey: p.errorKey })),
    cardPayments: settings?.cardPayments ?? false,
    settings,
    // Whether the unit is held, never the office's own reason for it.
    hold: (await apartmentHolds.reasonOf(db, apartment.id)) === null ? null : 'legalProceedings',
    bouncedChecks: (await checkLife.ofApartment(db, companyId, apartment.id))
      .filter((c) => c.status === 'bounced')
      .map((c) => ({ checkGuid: c.CheckGuid, checkNumber: c.checkNumber, amountAgorot: c.amountAgorot, depositDate: c.depositDate, bouncedAt: c.bouncedAt })),
    standingOrder: order
      ? { id: order.id, billingDay: order.billingDay, frequency: order.frequency, startDate: order.startDate, cardId: order.cardId, version: order.version }
      : null,
  };
}
