import { describe, expect, it } from 'vitest';
import {
  agorotFromText,
  canApproveBid,
  canDeleteLedgerEntry,
  canTurnBidIntoExpense,
  duplicateBudgetLine,
  duplicateInvoice,
  invoiceKeyOf,
  validateExpense,
  validateManualEntry,
  pettyCashOut,
} from './books';

const fields = {
  date: '2026-02-28',
  description: 'ניקיון',
  amountAgorot: 100,
  group: 'cleaning' as const,
  invoiceNumber: null,
  invoiceDate: null,
  invoiceAmountAgorot: null,
  dueDate: null,
};

describe('the books’ rules', () => {
  it('needs a real date, a description, a positive whole amount and a group; invoice fields only when given', () => {
    expect(validateExpense(fields)).toBeNull();
    expect(validateExpense({ ...fields, date: '2026-02-29' })).toEqual({ field: 'date', messageKey: 'invalidDate' });
    expect(validateExpense({ ...fields, date: '2024-02-29' })).toBeNull();
    expect(validateExpense({ ...fields, description: '  ' })).toEqual({ field: 'description', messageKey: 'requiredField' });
    expect(validateExpense({ ...fields, amountAgorot: Number.NaN })).toEqual({ field: 'amountAgorot', messageKey: 'invalidAmount' });
    expect(validateExpense({ ...fields, amountAgorot: 10.5 })).toEqual({ field: 'amountAgorot', messageKey: 'invalidAmount' });
    expect(validateExpense({ ...fields, invoiceDate: '31/12/2026' })).toEqual({ field: 'invoiceDate', messageKey: 'invalidDate' });
    expect(validateExpense({ ...fields, invoiceAmountAgorot: -1 })).toEqual({ field: 'invoiceAmountAgorot', messageKey: 'invalidAmount' });
  });

  it('knows one invoice by its supplier and its number, whatever the case, spaces and dashes', () => {
    expect(invoiceKeyOf({ supplierId: 's1', invoiceNumber: ' A-77 ' })).toBe(invoiceKeyOf({ supplierId: 's1', invoiceNumber: 'a 77' }));
    expect(invoiceKeyOf({ supplierId: null, invoiceNumber: 'A-77' })).toBeNull();
    const others = [{ id: 'x', supplierId: 's1', invoiceNumber: 'A-77' }];
    expect(duplicateInvoice({ id: 'y', supplierId: 's1', invoiceNumber: 'a77' }, others)).toEqual({ field: 'invoiceNumber', messageKey: 'duplicateInvoice' });
    expect(duplicateInvoice({ id: 'x', supplierId: 's1', invoiceNumber: 'A-77' }, others)).toBeNull();
    expect(duplicateInvoice({ id: 'y', supplierId: 's2', invoiceNumber: 'A-77' }, others)).toBeNull();
  });

  it('reads shekels as typed into whole agorot', () => {
    expect(['1234.5', '1,234.50', '1234,5', '₪ 80', '0.01'].map(agorotFromText)).toEqual([123_450, 123_450, 123_450, 8_000, 1]);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3']) expect(agorotFromText(bad), bad).toBeNaN();
  });

  it('takes manual rows of its own kinds only, and never empties the petty cash below zero', () => {
    expect(validateManualEntry({ kind: 'income', date: '2026-01-01', amountAgorot: 5, description: 'שכירות גג' })).toBeNull();
    expect(validateManualEntry({ kind: 'payment', date: '2026-01-01', amountAgorot: 5, description: 'x' })).toEqual({
      field: 'kind',
      messageKey: 'requiredField',
    });
    expect(pettyCashOut(100, 100)).toBeNull();
    expect(pettyCashOut(100, 101)).toEqual({ field: 'amountAgorot', messageKey: 'pettyCashShort' });
  });

  it('keeps one budget line per group and year, and a quote approved and spent once', () => {
    const lines = [{ id: 'a', buildingId: 1, year: 2026, group: 'cleaning' as const }];
    expect(duplicateBudgetLine({ id: 'b', buildingId: 1, year: 2026, group: 'cleaning' }, lines)).toEqual({ field: 'group', messageKey: 'budgetLineExists' });
    expect(duplicateBudgetLine({ id: 'b', buildingId: 1, year: 2025, group: 'cleaning' }, lines)).toBeNull();
    expect(canApproveBid({ status: 'approved' })).toEqual({ field: 'status', messageKey: 'bidAlreadyApproved' });
    expect(canTurnBidIntoExpense({ status: 'open', expenseId: null })).toEqual({ field: 'status', messageKey: 'bidNotApproved' });
    expect(canTurnBidIntoExpense({ status: 'approved', expenseId: 'e' })).toEqual({ field: 'status', messageKey: 'bidAlreadyExpensed' });
    expect(canTurnBidIntoExpense({ status: 'approved', expenseId: null })).toBeNull();
  });
  it('deletes only an entry typed in by hand', () => {
    expect(canDeleteLedgerEntry({ sourceKind: 'manual' })).toBeNull();
    expect(canDeleteLedgerEntry({ sourceKind: 'expense' })).toEqual({ field: 'id', messageKey: 'manualEntryOnly' });
    expect(canDeleteLedgerEntry({ sourceKind: null })?.messageKey).toBe('manualEntryOnly');
  });
});
