// The one ledger of a building (migration 009, rules in src/lib/domain/ledger.ts): every feature that
// moves money posts rows here, and every balance and report reads them back.
import type { Insertable, Selectable } from 'kysely';
import type { Debt, DebtKind } from '../../../src/lib/domain/entities.ts';
import { agorotOf } from '../../../src/lib/agorot.ts';
import type { LedgerEntry, LedgerKind, Settlement } from '../../../src/lib/domain/ledger.ts';
import { ledgerKinds } from '../../../src/lib/domain/ledger.ts';
import { isSettlementRow } from '../../../src/lib/domain/books.ts';
import { isLedgerTextKey } from '../../../src/lib/domain/ledgerText.ts';
import type { LedgerTextParams } from '../../../src/lib/domain/ledgerText.ts';
import type { Db } from '../db/database.ts';
import { fromJson } from '../db/records.ts';
import type { LedgerEntryTable } from '../db/schema.ts';

/** A ledger row as stored: the rule fields plus who is charged or paid, what produced it, and its audit. */
export type StoredLedgerEntry = LedgerEntry & {
  contactId: string | null;
  /** What produced the row (e.g. 'cardPayment', 'checkGroup', 'expense'); one row per source and kind. */
  sourceKind: string | null;
  sourceId: string | null;
  createdAt: string;
  createdBy: string;
  version: number;
  updatedAt: string;
};

export type DateRange = { from?: string; to?: string };

function entryOf(r: Selectable<LedgerEntryTable>): StoredLedgerEntry {
  return {
    id: r.id,
    buildingId: r.buildingId,
    kind: r.kind as LedgerKind,
    date: r.date,
    amountAgorot: Number(r.amountAgorot),
    apartmentId: r.apartmentId,
    contactId: r.contactId,
    debtKind: r.debtKind as DebtKind | null,
    dueDate: r.dueDate,
    group: r.groupName,
    description: r.description,
    descriptionKey: isLedgerTextKey(r.descriptionKey) ? r.descriptionKey : null,
    descriptionParams: r.descriptionParams === null ? null : (fromJson(r.descriptionParams) as LedgerTextParams),
    settles: fromJson(r.settles) as Settlement[],
    sourceKind: r.sourceKind,
    sourceId: r.sourceId,
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    version: Number(r.version),
    updatedAt: r.updatedAt,
  };
}

function rowOf(e: StoredLedgerEntry, companyId: number): Insertable<LedgerEntryTable> {
  const { group, settles, descriptionKey, descriptionParams, ...rest } = e;
  return {
    ...rest,
    companyId,
    groupName: group,
    settles: JSON.stringify(settles),
    descriptionKey: descriptionKey ?? null,
    descriptionParams: descriptionKey && descriptionParams ? JSON.stringify(descriptionParams) : null,
  };
}

/** The charge a debt of the spec is in the ledger (same id: check payments name debts by it). */
export function chargeOfDebt(d: Debt, createdBy: string): StoredLedgerEntry {
  return {
    id: d.id,
    buildingId: d.buildingId,
    kind: 'charge',
    date: d.dueDate,
    amountAgorot: agorotOf(d.amount),
    apartmentId: d.apartmentId,
    contactId: d.contactId,
    debtKind: d.kind,
    dueDate: d.dueDate,
    group: null,
    description: d.description,
    settles: [],
    sourceKind: 'debt',
    sourceId: d.id,
    createdAt: d.updatedAt,
    createdBy,
    version: 1,
    updatedAt: d.updatedAt,
  };
}

/** The kinds `isSettlementRow` keeps (src/lib/domain/books.ts): the one delete of the ledger leaves them. */
const settlementKinds = ledgerKinds.filter((kind) => isSettlementRow({ kind }));

export const ledger = {
  /** Posts one row; a second row of the same source and kind is refused by a unique index. */
  insert: (db: Db, entry: StoredLedgerEntry, companyId: number) => db.run(db.q.insertInto('ledger_entries').values(rowOf(entry, companyId))),

  update: (db: Db, entry: StoredLedgerEntry, companyId: number) =>
    db.run(db.q.updateTable('ledger_entries').set(rowOf(entry, companyId)).where('id', '=', entry.id).where('companyId', '=', companyId)),

  /** Removes a row; a payment, refund or credit is never removed (isSettlementRow): the delete matches none. */
  remove: (db: Db, id: string, companyId: number) =>
    db.run(db.q.deleteFrom('ledger_entries').where('id', '=', id).where('companyId', '=', companyId).where('kind', 'not in', settlementKinds)),

  /** Whose row an id is, in any company (a client-chosen id is checked against all of them). */
  ownerOf: async (db: Db, id: string): Promise<{ companyId: number; buildingId: number } | undefined> => {
    const row = await db.first(db.q.selectFrom('ledger_entries').select(['companyId', 'buildingId']).where('id', '=', id));
    return row ? { companyId: Number(row.companyId), buildingId: Number(row.buildingId) } : undefined;
  },

  find: async (db: Db, id: string, companyId: number): Promise<StoredLedgerEntry | undefined> => {
    const row = await db.first(db.q.selectFrom('ledger_entries').selectAll().where('id', '=', id).where('companyId', '=', companyId));
    return row ? entryOf(row) : undefined;
  },

  /** The row a source posted of a kind, if any (a retried posting finds its first one). */
  bySource: async (db: Db, companyId: number, sourceKind: string, sourceId: string, kind: LedgerKind): Promise<StoredLedgerEntry | undefined> => {
    const row = await db.first(
      db.q.selectFrom('ledger_entries').selectAll().where('companyId', '=', companyId).where('sourceKind', '=', sourceKind).where('sourceId', '=', sourceId).where('kind', '=', kind),
    );
    return row ? entryOf(row) : undefined;
  },

  /** A building's rows in date order, optionally within a range of local dates (inclusive). */
  ofBuilding: async (db: Db, companyId: number, buildingId: number, range: DateRange = {}): Promise<StoredLedgerEntry[]> => {
    let q = db.q.selectFrom('ledger_entries').selectAll().where('companyId', '=', companyId).where('buildingId', '=', buildingId);
    if (range.from) q = q.where('date', '>=', range.from);
    if (range.to) q = q.where('date', '<=', range.to);
    return (await db.all(q.orderBy('date').orderBy('createdAt').orderBy('id'))).map(entryOf);
  },

  /** An apartment's charges and payments in date order (its balance, debts and history). */
  ofApartment: async (db: Db, companyId: number, apartmentId: string): Promise<StoredLedgerEntry[]> =>
    (
      await db.all(
        db.q.selectFrom('ledger_entries').selectAll().where('companyId', '=', companyId).where('apartmentId', '=', apartmentId).orderBy('date').orderBy('createdAt').orderBy('id'),
      )
    ).map(entryOf),
};
