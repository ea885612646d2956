// Read models of the books (live queries over Dexie). The building's ledger as the device knows it:
// the pulled rows, except that expenses come from the expenses table itself, so an expense recorded
// offline counts in every report at once (the server posts the same row when it applies it).
import { db } from '../../db/db';
import type { ApartmentRow, BidRow, BuildingRow, ContactRow, ExpenseRow, LedgerEntryRow, SupplierRow } from '../../db/schema';
import type { BudgetLineRecord } from '../../lib/domain/books';
import type { BudgetRow, LedgerEntry } from '../../lib/domain/ledger';
import { accountBalance, budgetVsActual, pettyCashBalance, settledByCharge } from '../../lib/domain/ledger';
import { toLocalDateString } from '../../lib/dates';

export function ledgerRowOf(e: ExpenseRow): LedgerEntry {
  return {
    id: `expense:${e.id}`,
    buildingId: e.buildingId,
    kind: 'expense',
    date: e.date,
    amountAgorot: e.amountAgorot,
    apartmentId: null,
    debtKind: null,
    dueDate: e.dueDate,
    group: e.group,
    description: e.description,
    settles: [],
  };
}

const byDate = (a: LedgerEntry, b: LedgerEntry) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);

export async function ledgerOfBuilding(buildingId: number): Promise<LedgerEntry[]> {
  const [rows, expenses] = await Promise.all([
    db.ledgerEntries.where('buildingId').equals(buildingId).toArray(),
    db.expenses.where('buildingId').equals(buildingId).toArray(),
  ]);
  return [...rows.filter((r) => r.sourceKind !== 'expense'), ...expenses.map(ledgerRowOf)].sort(byDate);
}

export type ExpenseView = ExpenseRow & { supplierName: string };

export type BooksData = {
  ledger: LedgerEntry[];
  /** The device's manual rows and other features' rows, with their sync state. */
  entries: LedgerEntryRow[];
  expenses: ExpenseView[];
  suppliers: SupplierRow[];
  budget: BudgetLineRecord[];
};

export async function booksOfBuilding(buildingId: number): Promise<BooksData> {
  const [ledger, entries, expenses, suppliers, budget] = await Promise.all([
    ledgerOfBuilding(buildingId),
    db.ledgerEntries.where('buildingId').equals(buildingId).toArray(),
    db.expenses.where('buildingId').equals(buildingId).toArray(),
    db.suppliers.orderBy('name').toArray(),
    db.budgetLines.where('buildingId').equals(buildingId).toArray(),
  ]);
  const names = new Map(suppliers.map((s) => [s.id, s.name]));
  return {
    ledger,
    entries: entries.filter((e) => e.sourceKind !== 'expense').sort(byDate),
    expenses: expenses
      .map((e) => ({ ...e, supplierName: e.supplierId ? (names.get(e.supplierId) ?? '') : '' }))
      .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id)),
    suppliers,
    budget,
  };
}

export type Summary = { balance: number; pettyCash: number; monthIncome: number; monthExpenses: number; net: number };

/** Balance, petty cash and this month's income and expenses (net income of the month). */
export function summaryOf(ledger: readonly LedgerEntry[], now: Date = new Date()): Summary {
  const month = toLocalDateString(now).slice(0, 7);
  const inMonth = ledger.filter((e) => e.date.startsWith(month));
  const monthIncome = inMonth.reduce(
    (s, e) => s + (e.kind === 'payment' || e.kind === 'income' ? e.amountAgorot : e.kind === 'refund' || e.kind === 'bounce' ? -e.amountAgorot : 0),
    0,
  );
  const monthExpenses = inMonth.reduce((s, e) => s + (e.kind === 'expense' ? e.amountAgorot : 0), 0);
  return { balance: accountBalance(ledger), pettyCash: pettyCashBalance(ledger), monthIncome, monthExpenses, net: monthIncome - monthExpenses };
}

export function budgetOf(data: BooksData, year: number): BudgetRow[] {
  return budgetVsActual(data.budget, data.ledger, year);
}

export type BidView = BidRow & { supplierName: string };

export async function bidsOfBuilding(buildingId: number): Promise<BidView[]> {
  const [bids, suppliers] = await Promise.all([db.bids.where('buildingId').equals(buildingId).toArray(), db.suppliers.toArray()]);
  const names = new Map(suppliers.map((s) => [s.id, s.name]));
  return bids.map((b) => ({ ...b, supplierName: names.get(b.supplierId) ?? '' }));
}

/** What the charges of the building still owe (each charge less what payments settled of it). */
export function openDebtsTotal(ledger: readonly LedgerEntry[]): number {
  const settled = settledByCharge(ledger);
  return ledger.filter((e) => e.kind === 'charge').reduce((sum, c) => sum + Math.max(0, c.amountAgorot - (settled.get(c.id) ?? 0)), 0);
}

export type BuildingOutlook = { openCalls: number; nextTests: { id: string; title: string; plannedDate: string }[] };

/** The building's open service calls and its next maintenance tests, as the device holds them. */
export async function outlookOf(buildingId: number, today: string): Promise<BuildingOutlook> {
  const [openCalls, tests] = await Promise.all([
    db.serviceCalls.where('[buildingId+tab]').equals([buildingId, 'open']).count(),
    db.maintenanceTests.where('buildingId').equals(buildingId).toArray(),
  ]);
  const nextTests = tests
    .filter((x) => x.status !== 'done' && x.plannedDate >= today)
    .sort((a, b) => a.plannedDate.localeCompare(b.plannedDate) || a.title.localeCompare(b.title))
    .slice(0, 3)
    .map(({ id, title, plannedDate }) => ({ id, title, plannedDate }));
  return { openCalls, nextTests };
}

export type AccountLine = { charged: number; paid: number; balance: number };

function accountOf(rows: readonly LedgerEntry[]): AccountLine {
  // A credit takes part of a charge back: what was charged is what is left of the charges.
  const charged = rows.reduce((s, e) => s + (e.kind === 'charge' ? e.amountAgorot : e.kind === 'credit' ? -e.amountAgorot : 0), 0);
  // A refund gives back part of what was paid; a bounced check had paid nothing.
  const paid = rows.reduce((s, e) => s + (e.kind === 'payment' ? e.amountAgorot : e.kind === 'refund' || e.kind === 'bounce' ? -e.amountAgorot : 0), 0);
  return { charged, paid, balance: charged - paid };
}

export type ContactReport = {
  contact: ContactRow;
  building: BuildingRow | null;
  apartment: ApartmentRow | null;
  rows: LedgerEntryRow[];
  account: AccountLine;
};

/** A contact's charges, credits and payments in date order, with what they were charged, paid and still owe. */
export async function contactReport(contactId: string): Promise<ContactReport | null> {
  const contact = await db.contacts.get(contactId);
  if (!contact) return null;
  const [building, apartment, rows] = await Promise.all([
    db.buildings.get(contact.buildingId),
    contact.apartmentId ? db.apartments.get(contact.apartmentId) : Promise.resolve(undefined),
    db.ledgerEntries.where('contactId').equals(contactId).toArray(),
  ]);
  const own = rows.filter((e) => e.kind === 'charge' || e.kind === 'credit' || e.kind === 'payment' || e.kind === 'refund' || e.kind === 'bounce').sort(byDate);
  return { contact, building: building ?? null, apartment: apartment ?? null, rows: own, account: accountOf(own) };
}

export type ContactLine = AccountLine & { contact: ContactRow; apartmentNumber: string };

/** The building's list mode: each contact with charges or payments, and the building's totals. */
export async function buildingAccounts(buildingId: number): Promise<{ building: BuildingRow | null; lines: ContactLine[]; total: AccountLine }> {
  const [building, contacts, apartments, rows] = await Promise.all([
    db.buildings.get(buildingId),
    db.contacts.where('buildingId').equals(buildingId).toArray(),
    db.apartments.where('buildingId').equals(buildingId).toArray(),
    db.ledgerEntries.where('buildingId').equals(buildingId).toArray(),
  ]);
  const numbers = new Map(apartments.map((a) => [a.id, a.number]));
  const lines = contacts
    .map((contact) => ({
      contact,
      apartmentNumber: contact.apartmentId ? (numbers.get(contact.apartmentId) ?? '') : '',
      ...accountOf(rows.filter((e) => e.contactId === contact.id)),
    }))
    .filter((l) => l.charged > 0 || l.paid > 0)
    .sort((a, b) => a.apartmentNumber.localeCompare(b.apartmentNumber, 'he', { numeric: true }) || a.contact.fullName.localeCompare(b.contact.fullName, 'he'));
  return { building: building ?? null, lines, total: accountOf(rows.filter((e) => e.contactId !== null)) };
}

/** The building a screen opens on without one named: the current one, else the user's only building. */
export async function defaultBuildingId(current: number | null): Promise<number> {
  if (current) return current;
  const ids = await db.buildings.toCollection().primaryKeys();
  return ids.length === 1 ? (ids[0] ?? 0) : 0;
}

/** The company's suppliers as the device holds them, optionally those of one building, by name. */
export async function suppliersList(buildingId?: number): Promise<SupplierRow[]> {
  const all = buildingId === undefined ? await db.suppliers.toArray() : await db.suppliers.where('buildingIds').equals(buildingId).toArray();
  return all.sort((a, b) => a.name.localeCompare(b.name, 'he'));
}

/** The committee members among a building's contacts. */
export async function committeeOf(buildingId: number): Promise<ContactRow[]> {
  return (await db.contacts.where('buildingId').equals(buildingId).toArray())
    .filter((c) => c.role === 'committee')
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'he'));
}
