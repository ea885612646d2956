// The committee's books (issue 15): expenses with their invoice, a yearly budget per group, suppliers
// and their quotes (bids). Money is whole agorot; every rule here runs on the device and on the server.
import { normalizeForSearch } from '../text.ts';
import type { RuleResult } from '../validation/rules.ts';
import { localDate } from '../validation/rules.ts';
import type { Versioned } from './entities.ts';
import type { LedgerEntry } from './ledger.ts';

/** Budget groups (the spec's "domain" of an expense). */
export const budgetGroups = ['cleaning', 'electricity', 'water', 'elevator', 'gardening', 'maintenance', 'insurance', 'management', 'other'] as const;
export type BudgetGroup = (typeof budgetGroups)[number];

export type Expense = Versioned & {
  id: string;
  buildingId: number;
  /** Local date of the expense (yyyy-mm-dd). */
  date: string;
  description: string;
  amountAgorot: number;
  group: BudgetGroup;
  supplierId: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  invoiceAmountAgorot: number | null;
  dueDate: string | null;
  reference: string | null;
  /** The invoice's file (photo or PDF) once named; it uploads after the expense. */
  attachmentId: string | null;
  /** The approved quote this expense came from, if any. */
  bidId: string | null;
  createdBy: string;
};

export type BudgetLineRecord = Versioned & { id: string; buildingId: number; year: number; group: BudgetGroup; amountAgorot: number };

export type Supplier = Versioned & {
  id: string;
  name: string;
  domain: BudgetGroup;
  phone: string | null;
  email: string | null;
  /** Buildings this supplier works for (/building-suppliers/:bid). */
  buildingIds: number[];
};

export type BidStatus = 'open' | 'approved';

export type Bid = Versioned & {
  id: string;
  buildingId: number;
  supplierId: string;
  /** Date of the quote (yyyy-mm-dd). */
  date: string;
  amountAgorot: number;
  description: string;
  attachmentId: string | null;
  status: BidStatus;
  approvedBy: string | null;
  approvedAt: string | null;
  /** The expense an approved quote became. */
  expenseId: string | null;
};

/** A ledger row as the server answers it (server/src/data/ledger.ts): the rule fields and their audit. */
export type LedgerRecord = LedgerEntry &
  Versioned & { contactId: string | null; sourceKind: string | null; sourceId: string | null; createdAt: string; createdBy: string };

/** Manual ledger rows the committee records itself (payments and charges come from other features). */
export const manualLedgerKinds = ['income', 'openingBalance', 'pettyCashIn', 'pettyCashOut'] as const;
export type ManualLedgerKind = (typeof manualLedgerKinds)[number];

const fail = (field: string, messageKey: 'requiredField' | 'invalidAmount' | 'nameTooShort'): RuleResult => ({ field, messageKey });

function amount(field: string, value: number | null | undefined, required = true): RuleResult {
  if (value === null || value === undefined) return required ? fail(field, 'requiredField') : null;
  return Number.isSafeInteger(value) && value > 0 ? null : fail(field, 'invalidAmount');
}

function text(field: string, value: string | null | undefined): RuleResult {
  return (value ?? '').trim() === '' ? fail(field, 'requiredField') : null;
}

export type ExpenseFields = Pick<
  Expense,
  'date' | 'description' | 'amountAgorot' | 'group' | 'invoiceNumber' | 'invoiceDate' | 'invoiceAmountAgorot' | 'dueDate'
>;

/** Date, description, a positive amount and a group; the invoice's date and amount, when given, are valid. */
export function validateExpense(e: ExpenseFields): RuleResult {
  return (
    localDate(e.date, 'date') ??
    text('description', e.description) ??
    amount('amountAgorot', e.amountAgorot) ??
    (budgetGroups.includes(e.group) ? null : fail('group', 'requiredField')) ??
    localDate(e.invoiceDate, 'invoiceDate', false) ??
    amount('invoiceAmountAgorot', e.invoiceAmountAgorot, false) ??
    localDate(e.dueDate, 'dueDate', false)
  );
}

/** The key two expenses share when they are the same invoice: one supplier, one invoice number. */
export function invoiceKeyOf(e: Pick<Expense, 'supplierId' | 'invoiceNumber'>): string | null {
  const number = normalizeForSearch(e.invoiceNumber ?? '').replace(/[\s-]+/g, '');
  return e.supplierId && number ? `${e.supplierId}:${number}` : null;
}

/** Refuses an invoice already recorded (same supplier and invoice number) among `others`. */
export function duplicateInvoice(
  e: Pick<Expense, 'id' | 'supplierId' | 'invoiceNumber'>,
  others: readonly Pick<Expense, 'id' | 'supplierId' | 'invoiceNumber'>[],
): RuleResult {
  const key = invoiceKeyOf(e);
  if (key === null) return null;
  return others.some((o) => o.id !== e.id && invoiceKeyOf(o) === key) ? { field: 'invoiceNumber', messageKey: 'duplicateInvoice' } : null;
}

export function validateManualEntry(e: { kind: string; date: string; amountAgorot: number; description: string }): RuleResult {
  if (!(manualLedgerKinds as readonly string[]).includes(e.kind)) return fail('kind', 'requiredField');
  return localDate(e.date, 'date') ?? amount('amountAgorot', e.amountAgorot) ?? text('description', e.description);
}

/**
 * Rows that record money paid, given back, bounced or written off (issue 29): never removed by anything — not
 * by the ledger's own remove, whatever the caller. A wrong one is corrected by another row (a refund, a credit).
 */
export function isSettlementRow(entry: { kind: string }): boolean {
  return entry.kind === 'payment' || entry.kind === 'refund' || entry.kind === 'credit' || entry.kind === 'bounce';
}

/** Only an entry typed in by hand can be deleted; the others follow their source (charge, expense, payment…). */
export function canDeleteLedgerEntry(entry: { sourceKind: string | null }): RuleResult {
  return entry.sourceKind === 'manual' ? null : { field: 'id', messageKey: 'manualEntryOnly' };
}

/** Petty cash cannot pay out more than the box holds. */
export function pettyCashOut(balance: number, amountAgorot: number): RuleResult {
  return amountAgorot > balance ? { field: 'amountAgorot', messageKey: 'pettyCashShort' } : null;
}

export function validateBudgetLine(b: Pick<BudgetLineRecord, 'year' | 'group' | 'amountAgorot'>): RuleResult {
  if (!Number.isInteger(b.year) || b.year < 2000 || b.year > 2100) return fail('year', 'requiredField');
  if (!budgetGroups.includes(b.group)) return fail('group', 'requiredField');
  return Number.isSafeInteger(b.amountAgorot) && b.amountAgorot >= 0 ? null : fail('amountAgorot', 'invalidAmount');
}

/** One line per building, year and group. */
export function duplicateBudgetLine(
  b: Pick<BudgetLineRecord, 'id' | 'buildingId' | 'year' | 'group'>,
  others: readonly Pick<BudgetLineRecord, 'id' | 'buildingId' | 'year' | 'group'>[],
): RuleResult {
  return others.some((o) => o.id !== b.id && o.buildingId === b.buildingId && o.year === b.year && o.group === b.group)
    ? { field: 'group', messageKey: 'budgetLineExists' }
    : null;
}

export function validateSupplier(s: Pick<Supplier, 'name' | 'domain'>): RuleResult {
  if ((s.name ?? '').trim() === '') return fail('name', 'requiredField');
  if (s.name.trim().length < 2) return fail('name', 'nameTooShort');
  return budgetGroups.includes(s.domain) ? null : fail('domain', 'requiredField');
}

export function validateBid(b: Pick<Bid, 'date' | 'amountAgorot' | 'description' | 'supplierId'>): RuleResult {
  return text('supplierId', b.supplierId) ?? localDate(b.date, 'date') ?? amount('amountAgorot', b.amountAgorot) ?? text('description', b.description);
}

/** A quote is approved once; an approved quote becomes one expense. */
export function canApproveBid(b: Pick<Bid, 'status'>): RuleResult {
  return b.status === 'open' ? null : { field: 'status', messageKey: 'bidAlreadyApproved' };
}

export function canTurnBidIntoExpense(b: Pick<Bid, 'status' | 'expenseId'>): RuleResult {
  if (b.status !== 'approved') return { field: 'status', messageKey: 'bidNotApproved' };
  return b.expenseId ? { field: 'status', messageKey: 'bidAlreadyExpensed' } : null;
}

/** Agorot of an amount as typed in shekels ("1,234.5" or "1234,50"); NaN when it is not a number. */
export function agorotFromText(value: string): number {
  const text = value.trim().replace(/[\s₪]/g, '');
  if (text === '') return Number.NaN;
  const normalized = /,\d{1,2}$/.test(text) && !text.includes('.') ? text.replace(',', '.') : text.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return Number.NaN;
  return Math.round(Number(normalized) * 100);
}
