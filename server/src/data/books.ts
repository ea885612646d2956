// The committee's books (migration 011): expenses (each posts one 'expense' row to the ledger), budget
// lines, suppliers and their quotes.
import type { Bid, BudgetLineRecord, Expense, Supplier } from '../../../src/lib/domain/books.ts';
import type { Db } from '../db/database.ts';
import { resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import type { StoredLedgerEntry } from './ledger.ts';

export const expenses = {
  ...resource<Expense>(specs.expenses),
  ofBuilding: (db: Db, buildingId: number) => expenses.list(db, { buildingId }, { orderBy: 'date', desc: true }),
  /** The expenses of a supplier (the duplicate-invoice rule looks among them). */
  ofSupplier: (db: Db, supplierId: string) => expenses.list(db, { supplierId }),
};

export const budgetLines = {
  ...resource<BudgetLineRecord>(specs.budgetLines),
  ofBuilding: (db: Db, buildingId: number) => budgetLines.list(db, { buildingId }, { orderBy: 'year' }),
};

export const suppliers = {
  ...resource<Supplier>(specs.suppliers),
  ofCompany: (db: Db, companyId: number) => suppliers.list(db, { companyId }, { orderBy: 'name' }),
};

export const bids = {
  ...resource<Bid>(specs.bids),
  ofBuilding: (db: Db, buildingId: number) => bids.list(db, { buildingId }, { orderBy: 'date', desc: true }),
};

/** The ledger row an expense posts: same date, amount and group; found again by its source. */
export function ledgerRowOfExpense(e: Expense, createdAt: string): StoredLedgerEntry {
  return {
    id: `expense:${e.id}`,
    buildingId: e.buildingId,
    kind: 'expense',
    date: e.date,
    amountAgorot: e.amountAgorot,
    apartmentId: null,
    contactId: null,
    debtKind: null,
    dueDate: e.dueDate,
    group: e.group,
    description: e.description,
    settles: [],
    sourceKind: 'expense',
    sourceId: e.id,
    createdAt,
    createdBy: e.createdBy,
    version: e.version,
    updatedAt: e.updatedAt,
  };
}
