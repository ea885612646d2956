// Tenants pay (migration 010): a building's card settings, apartments held from paying, saved cards,
// payments (one per intent; their receipts), standing orders.
import type { Selectable } from 'kysely';
import type { CardKind, ClearingFeeSettings } from '../../../src/lib/clearingFee.ts';
import { FIRST_CREDIT_NUMBER, FIRST_RECEIPT_NUMBER, isReceiptIssuerKind } from '../../../src/lib/domain/receiptIssuer.ts';
import type { ReceiptIssuerKind } from '../../../src/lib/domain/receiptIssuer.ts';
import type { StandingOrderFrequency } from '../../../src/lib/domain/standingOrderRules.ts';
import { counter, nextNumberIn } from '../db/counters.ts';
import type { Db } from '../db/database.ts';
import { asBoolean, fromJson } from '../db/records.ts';
import type { BillingSettingsTable, PaymentRefundTable, PaymentTable, SavedCardTable, StandingOrderTable } from '../db/schema.ts';

export type BillingSettings = ClearingFeeSettings & { cardPayments: boolean; refuseRoomsWithDebt: boolean; receiptIssuer: ReceiptIssuerKind };

export type SavedCard = { id: string; userId: number; token: string; last4: string; expiry: string; cardKind: CardKind; kept: boolean; createdAt: string };

export type PaymentLine = {
  chargeId: string;
  description: string;
  /** A charge the system posted (an EV reading) says what it is as a key and params (ledgerText.ts). */
  descriptionKey?: string | null;
  descriptionParams?: Record<string, string> | null;
  debtKind: string | null;
  dueDate: string | null;
  amountAgorot: number;
};
/** nothingDue: a standing order's period with no committee fee open (recorded so it runs once). */
export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'nothingDue';
export type PaymentMethod = 'card' | 'standingOrder';

export type Payment = {
  id: string;
  companyId: number;
  userId: number | null;
  buildingId: number;
  apartmentId: string;
  contactId: string | null;
  chargeIds: string[];
  lines: PaymentLine[];
  method: PaymentMethod;
  cardId: string | null;
  cardKind: CardKind;
  last4: string;
  subtotalAgorot: number;
  feeNetAgorot: number;
  feeVatAgorot: number;
  totalAgorot: number;
  vatBasisPoints: number;
  status: PaymentStatus;
  providerChargeId: string | null;
  errorKey: string | null;
  receiptNumber: number | null;
  /** The issuer whose receipt sequence `receiptNumber` is of (src/lib/domain/receiptIssuer.ts). */
  receiptIssuer: string | null;
  payerName: string;
  standingOrderId: string | null;
  period: string | null;
  date: string;
  createdAt: string;
  updatedAt: string;
};

export type StandingOrder = {
  id: string;
  companyId: number;
  userId: number;
  buildingId: number;
  apartmentId: string;
  cardId: string;
  billingDay: number;
  frequency: StandingOrderFrequency;
  startDate: string;
  status: 'active' | 'cancelled';
  version: number;
  createdAt: string;
  updatedAt: string;
};

const cardOf = (r: Selectable<SavedCardTable>): SavedCard => ({
  id: r.id,
  userId: Number(r.userId),
  token: r.token,
  last4: r.last4,
  expiry: r.expiry,
  cardKind: r.cardKind as CardKind,
  kept: asBoolean(r.kept),
  createdAt: r.createdAt,
});

const paymentOf = (r: Selectable<PaymentTable>): Payment => ({
  ...r,
  userId: r.userId === null ? null : Number(r.userId),
  chargeIds: fromJson(r.chargeIds) as string[],
  lines: fromJson(r.lines) as PaymentLine[],
  method: r.method as PaymentMethod,
  cardKind: r.cardKind as CardKind,
  subtotalAgorot: Number(r.subtotalAgorot),
  feeNetAgorot: Number(r.feeNetAgorot),
  feeVatAgorot: Number(r.feeVatAgorot),
  totalAgorot: Number(r.totalAgorot),
  vatBasisPoints: Number(r.vatBasisPoints),
  status: r.status as PaymentStatus,
  receiptNumber: r.receiptNumber === null ? null : Number(r.receiptNumber),
});

const orderOf = (r: Selectable<StandingOrderTable>): StandingOrder => ({
  ...r,
  userId: Number(r.userId),
  billingDay: Number(r.billingDay),
  frequency: r.frequency as StandingOrderFrequency,
  status: r.status as StandingOrder['status'],
  version: Number(r.version),
});

/** Receipt numbers: one sequence per issuer (the company or a building's committee), from 1001. */
const receiptNumbers = counter(FIRST_RECEIPT_NUMBER, (q, issuer: string) => q.selectFrom('payments').select((eb) => eb.fn.max('receiptNumber').as('max')).where('receiptIssuer', '=', issuer), 1);
/** Credit documents of refunds: a second sequence per issuer, from 1. */
const creditNumbers = counter(FIRST_CREDIT_NUMBER, (q, issuer: string) => q.selectFrom('payment_refunds').select((eb) => eb.fn.max('creditNumber').as('max')).where('creditIssuer', '=', issuer), 1);

/** The stored settings with their version (0 while a building has none: it takes no card payments). */
export type BillingSettingsRecord = BillingSettings & { buildingId: number; version: number; updatedAt: string | null };

const settingsOf = (r: Selectable<BillingSettingsTable>): BillingSettings => ({
  cardPayments: asBoolean(r.cardPayments),
  refuseRoomsWithDebt: asBoolean(r.refuseRoomsWithDebt),
  fixedAgorot: Number(r.fixedAgorot),
  percentBasisPoints: Number(r.percentBasisPoints),
  vat: r.vat === 'included' ? 'included' : 'added',
  foreignCardFixedAgorot: Number(r.foreignCardFixedAgorot),
  dinersAmexPercentBasisPoints: Number(r.dinersAmexPercentBasisPoints),
  receiptIssuer: isReceiptIssuerKind(r.receiptIssuer) ? r.receiptIssuer : 'company',
});

export const billingSettings = {
  of: async (db: Db, buildingId: number): Promise<BillingSettings | null> => {
    const r = await db.first(db.q.selectFrom('billing_settings').selectAll().where('buildingId', '=', buildingId));
    return r ? settingsOf(r) : null;
  },
  record: async (db: Db, buildingId: number): Promise<BillingSettingsRecord> => {
    const r = await db.first(db.q.selectFrom('billing_settings').selectAll().where('buildingId', '=', buildingId));
    if (r) return { buildingId, ...settingsOf(r), version: Number(r.version), updatedAt: r.updatedAt };
    return { buildingId, cardPayments: false, refuseRoomsWithDebt: false, receiptIssuer: 'company', fixedAgorot: 0, percentBasisPoints: 0, vat: 'added', foreignCardFixedAgorot: 0, dinersAmexPercentBasisPoints: 0, version: 0, updatedAt: null };
  },
  /** Who issues the building's receipts (the company while it has no settings). */
  receiptIssuerOf: async (db: Db, buildingId: number): Promise<ReceiptIssuerKind> => (await billingSettings.of(db, buildingId))?.receiptIssuer ?? 'company',
  /** The seed's settings; a building's refusal of bookings to debtors and its receipts' issuer stay as they were. */
  put: (db: Db, companyId: number, buildingId: number, s: Omit<BillingSettings, 'refuseRoomsWithDebt' | 'receiptIssuer'>, at: string) =>
    db.run(
      db.q
        .insertInto('billing_settings')
        .values({ buildingId, companyId, ...s, updatedAt: at })
        .onConflict((oc) => oc.column('buildingId').doUpdateSet({ ...s, updatedAt: at })),
    ),
  /** Writes a staff edit as `version` (the caller checked the one it replaces). */
  replace: (db: Db, companyId: number, buildingId: number, s: BillingSettings, version: number, at: string) =>
    db.run(
      db.q
        .insertInto('billing_settings')
        .values({ buildingId, companyId, ...s, version, updatedAt: at })
        .onConflict((oc) => oc.column('buildingId').doUpdateSet({ ...s, version, updatedAt: at })),
    ),
};

/** An apartment held from paying by card, with who held it (their name, when the user still exists). */
export type ApartmentHold = { apartmentId: string; reason: string; createdAt: string; createdBy: number | null; createdByName: string | null };

export const apartmentHolds = {
  reasonOf: async (db: Db, apartmentId: string): Promise<string | null> =>
    (await db.first(db.q.selectFrom('apartment_holds').select('reason').where('apartmentId', '=', apartmentId)))?.reason ?? null,
  put: (db: Db, companyId: number, apartmentId: string, reason: string, at: string) =>
    db.run(db.q.insertInto('apartment_holds').values({ apartmentId, companyId, reason, createdAt: at }).onConflict((oc) => oc.column('apartmentId').doNothing())),
  /** Holds the apartment, or replaces the reason of its hold (the author and time become this change's). */
  set: (db: Db, companyId: number, apartmentId: string, reason: string, by: number, at: string) =>
    db.run(
      db.q
        .insertInto('apartment_holds')
        .values({ apartmentId, companyId, reason, createdAt: at, createdBy: by })
        .onConflict((oc) => oc.column('apartmentId').doUpdateSet({ reason, createdAt: at, createdBy: by })),
    ),
  clear: (db: Db, apartmentId: string) => db.run(db.q.deleteFrom('apartment_holds').where('apartmentId', '=', apartmentId)),
  of: async (db: Db, companyId: number, apartmentId: string): Promise<ApartmentHold | null> =>
    (await apartmentHolds.where(db, companyId, { apartmentId }))[0] ?? null,
  ofBuilding: (db: Db, companyId: number, buildingId: number): Promise<ApartmentHold[]> => apartmentHolds.where(db, companyId, { buildingId }),
  where: async (db: Db, companyId: number, by: { apartmentId?: string; buildingId?: number }): Promise<ApartmentHold[]> => {
    let q = db.q
      .selectFrom('apartment_holds')
      .innerJoin('apartments', (j) => j.onRef('apartments.id', '=', 'apartment_holds.apartmentId').onRef('apartments.companyId', '=', 'apartment_holds.companyId'))
      .leftJoin('users', 'users.id', 'apartment_holds.createdBy')
      .select(['apartment_holds.apartmentId', 'apartment_holds.reason', 'apartment_holds.createdAt', 'apartment_holds.createdBy', 'users.fullName'])
      .where('apartment_holds.companyId', '=', companyId);
    if (by.apartmentId !== undefined) q = q.where('apartment_holds.apartmentId', '=', by.apartmentId);
    if (by.buildingId !== undefined) q = q.where('apartments.buildingId', '=', by.buildingId);
    const rows = await db.all(q.orderBy('apartment_holds.apartmentId'));
    return rows.map((r) => ({ apartmentId: r.apartmentId, reason: r.reason, createdAt: r.createdAt, createdBy: r.createdBy === null ? null : Number(r.createdBy), createdByName: r.fullName ?? null }));
  },
};

export const savedCards = {
  /** Inserts the card unless its id is taken (by anyone, deleted or not); true for the one that inserted it. */
  insertOnce: async (db: Db, companyId: number, c: SavedCard): Promise<boolean> =>
    (await db.run(db.q.insertInto('saved_cards').values({ ...c, companyId, deletedAt: null }).onConflict((oc) => oc.column('id').doNothing()))).changes === 1,
  /** Whether any card (of any user or company, deleted too) has this id. */
  idTaken: async (db: Db, id: string): Promise<boolean> => (await db.first(db.q.selectFrom('saved_cards').select('id').where('id', '=', id))) !== undefined,
  /** A card of the user that was not deleted (kept or one-time). */
  mine: async (db: Db, companyId: number, userId: number, id: string): Promise<SavedCard | undefined> => {
    const r = await db.first(db.q.selectFrom('saved_cards').selectAll().where('id', '=', id).where('companyId', '=', companyId).where('userId', '=', userId).where('deletedAt', 'is', null));
    return r ? cardOf(r) : undefined;
  },
  byId: async (db: Db, id: string): Promise<SavedCard | undefined> => {
    const r = await db.first(db.q.selectFrom('saved_cards').selectAll().where('id', '=', id).where('deletedAt', 'is', null));
    return r ? cardOf(r) : undefined;
  },
  /** The cards the user kept, newest first. */
  keptBy: async (db: Db, companyId: number, userId: number): Promise<SavedCard[]> =>
    (
      await db.all(
        db.q.selectFrom('saved_cards').selectAll().where('companyId', '=', companyId).where('userId', '=', userId).where('kept', '=', true).where('deletedAt', 'is', null).orderBy('createdAt', 'desc'),
      )
    ).map(cardOf),
  remove: (db: Db, id: string, at: string) => db.run(db.q.updateTable('saved_cards').set({ deletedAt: at }).where('id', '=', id)),
};

export const payments = {
  /** Inserts the intent unless a payment with its id exists; true for the one that inserted it. */
  insertOnce: async (db: Db, p: Payment): Promise<boolean> =>
    (
      await db.run(
        db.q
          .insertInto('payments')
          .values({ ...p, chargeIds: JSON.stringify(p.chargeIds), lines: JSON.stringify(p.lines) })
          .onConflict((oc) => oc.doNothing()),
      )
    ).changes === 1,
  find: async (db: Db, id: string): Promise<Payment | undefined> => {
    const r = await db.first(db.q.selectFrom('payments').selectAll().where('id', '=', id));
    return r ? paymentOf(r) : undefined;
  },
  /** Moves a pending payment to its outcome and frees the charges it held; false when another request did first. */
  settle: (db: Db, id: string, changes: Pick<Payment, 'status' | 'providerChargeId' | 'errorKey' | 'receiptNumber' | 'updatedAt'>): Promise<boolean> =>
    db.tx(async (tx) => {
      const settled = (await tx.run(tx.q.updateTable('payments').set(changes).where('id', '=', id).where('status', '=', 'pending'))).changes === 1;
      await paymentReservations.release(tx, id);
      return settled;
    }),
  /**
   * Numbers the succeeded payment's receipt in its issuer's sequence. Call it in the transaction that
   * recorded the success: the counter moves with that transaction (not on a side connection), so a
   * payment rolled back takes no number and two at once wait for each other — the sequence has no gap.
   */
  numberReceipt: async (tx: Db, id: string, issuer: string): Promise<number> => {
    const receiptNumber = await nextNumberIn(tx, receiptNumbers, `receipt:${issuer}`, [issuer]);
    await tx.run(tx.q.updateTable('payments').set({ receiptNumber, receiptIssuer: issuer }).where('id', '=', id));
    return receiptNumber;
  },
  ofApartment: async (db: Db, companyId: number, apartmentId: string): Promise<Payment[]> =>
    (await db.all(db.q.selectFrom('payments').selectAll().where('companyId', '=', companyId).where('apartmentId', '=', apartmentId).orderBy('createdAt', 'desc'))).map(paymentOf),
  ofBuilding: async (db: Db, companyId: number, buildingId: number): Promise<Payment[]> =>
    (await db.all(db.q.selectFrom('payments').selectAll().where('companyId', '=', companyId).where('buildingId', '=', buildingId).orderBy('createdAt', 'desc'))).map(paymentOf),
  ofStandingOrder: async (db: Db, standingOrderId: string, period: string): Promise<Payment | undefined> => {
    const r = await db.first(db.q.selectFrom('payments').selectAll().where('standingOrderId', '=', standingOrderId).where('period', '=', period));
    return r ? paymentOf(r) : undefined;
  },
};

/** The charges open payment intents are paying (migration 024): a charge is held by one pending intent at most. */
export const paymentReservations = {
  /** The pending intents other than `paymentId` that hold any of the charges. */
  holders: async (db: Db, chargeIds: readonly string[], paymentId: string): Promise<Payment[]> => {
    if (chargeIds.length === 0) return [];
    const rows = await db.all(db.q.selectFrom('payment_reservations').select('paymentId').where('chargeId', 'in', chargeIds).where('paymentId', '<>', paymentId));
    const out: Payment[] = [];
    for (const id of new Set(rows.map((r) => r.paymentId))) {
      const p = await payments.find(db, id);
      if (p) out.push(p);
    }
    return out;
  },
  /** Holds each charge for the intent; the primary key refuses a charge another intent holds. */
  hold: (db: Db, companyId: number, paymentId: string, chargeIds: readonly string[], at: string) =>
    chargeIds.length === 0 ? Promise.resolve({ changes: 0 }) : db.run(db.q.insertInto('payment_reservations').values(chargeIds.map((chargeId) => ({ chargeId, paymentId, companyId, createdAt: at })))),
  release: (db: Db, paymentId: string) => db.run(db.q.deleteFrom('payment_reservations').where('paymentId', '=', paymentId)),
  ofPayment: async (db: Db, paymentId: string): Promise<string[]> =>
    (await db.all(db.q.selectFrom('payment_reservations').select('chargeId').where('paymentId', '=', paymentId).orderBy('chargeId'))).map((r) => r.chargeId),
};

export type RefundStatus = 'pending' | 'succeeded' | 'failed';
export type Refund = {
  id: string;
  companyId: number;
  paymentId: string;
  amountAgorot: number;
  ledgerAgorot: number;
  status: RefundStatus;
  errorKey: string | null;
  /** A succeeded refund's credit document: its issuer (the receipt's) and number in their credit sequence. */
  creditIssuer: string | null;
  creditNumber: number | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
};

const refundOf = (r: Selectable<PaymentRefundTable>): Refund => ({
  ...r,
  amountAgorot: Number(r.amountAgorot),
  ledgerAgorot: Number(r.ledgerAgorot),
  status: r.status as RefundStatus,
  creditNumber: r.creditNumber === null ? null : Number(r.creditNumber),
});

export const refunds = {
  /** Inserts the refund unless one with its id exists; true for the one that inserted it. */
  insertOnce: async (db: Db, r: Refund): Promise<boolean> => (await db.run(db.q.insertInto('payment_refunds').values(r).onConflict((oc) => oc.doNothing()))).changes === 1,
  find: async (db: Db, id: string): Promise<Refund | undefined> => {
    const r = await db.first(db.q.selectFrom('payment_refunds').selectAll().where('id', '=', id));
    return r ? refundOf(r) : undefined;
  },
  ofPayment: async (db: Db, paymentId: string): Promise<Refund[]> =>
    (await db.all(db.q.selectFrom('payment_refunds').selectAll().where('paymentId', '=', paymentId).orderBy('createdAt').orderBy('id'))).map(refundOf),
  ofPayments: async (db: Db, paymentIds: readonly string[]): Promise<Refund[]> => {
    const out: Refund[] = [];
    // In slices: a building's payments may outnumber what one IN list should carry.
    for (let i = 0; i < paymentIds.length; i += 500)
      out.push(...(await db.all(db.q.selectFrom('payment_refunds').selectAll().where('paymentId', 'in', paymentIds.slice(i, i + 500)).orderBy('createdAt'))).map(refundOf));
    return out;
  },
  /** Numbers the succeeded refund's credit document in its issuer's credit sequence, in the transaction that recorded it. */
  numberCredit: async (tx: Db, id: string, issuer: string): Promise<number> => {
    const creditNumber = await nextNumberIn(tx, creditNumbers, `credit:${issuer}`, [issuer]);
    await tx.run(tx.q.updateTable('payment_refunds').set({ creditNumber, creditIssuer: issuer }).where('id', '=', id));
    return creditNumber;
  },
  /** Moves a pending refund to its outcome; false when another request did first. */
  settle: async (db: Db, id: string, changes: Pick<Refund, 'status' | 'errorKey' | 'updatedAt'>): Promise<boolean> =>
    (await db.run(db.q.updateTable('payment_refunds').set(changes).where('id', '=', id).where('status', '=', 'pending'))).changes === 1,
};

/** What was refunded of a payment, and what of it gave back debts (pending refunds hold their amount). */
export function refundedOf(list: readonly Refund[]): { refundedAgorot: number; ledgerAgorot: number } {
  const live = list.filter((r) => r.status !== 'failed');
  return { refundedAgorot: live.reduce((s, r) => s + r.amountAgorot, 0), ledgerAgorot: live.reduce((s, r) => s + r.ledgerAgorot, 0) };
}

export const standingOrders = {
  insert: (db: Db, o: StandingOrder) => db.run(db.q.insertInto('standing_orders').values(o)),
  update: (db: Db, o: StandingOrder) => db.run(db.q.updateTable('standing_orders').set(o).where('id', '=', o.id)),
  find: async (db: Db, id: string): Promise<StandingOrder | undefined> => {
    const r = await db.first(db.q.selectFrom('standing_orders').selectAll().where('id', '=', id));
    return r ? orderOf(r) : undefined;
  },
  activeOfApartment: async (db: Db, companyId: number, apartmentId: string): Promise<StandingOrder | undefined> => {
    const r = await db.first(db.q.selectFrom('standing_orders').selectAll().where('companyId', '=', companyId).where('apartmentId', '=', apartmentId).where('status', '=', 'active'));
    return r ? orderOf(r) : undefined;
  },
  active: async (db: Db): Promise<StandingOrder[]> => (await db.all(db.q.selectFrom('standing_orders').selectAll().where('status', '=', 'active').orderBy('id'))).map(orderOf),
};
