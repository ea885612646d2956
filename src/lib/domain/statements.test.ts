import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from './ledger.ts';
import { apartmentStatement, buildingStatement, halfYearOf, halfYearReport, ledgerExportRows, monthRange, owedEffect, yearOf } from './statements.ts';

let n = 0;
function row(kind: string, date: string, amountAgorot: number, more: Partial<LedgerEntry> = {}): LedgerEntry {
  n += 1;
  return {
    id: `r${n}`,
    buildingId: 101,
    kind: kind as LedgerEntry['kind'],
    date,
    amountAgorot,
    apartmentId: null,
    debtKind: null,
    dueDate: null,
    group: null,
    description: `${kind} ${n}`,
    settles: [],
    ...more,
  };
}

const A = 'apt-a';
const B = 'apt-b';
const chargeA1 = row('charge', '2025-12-01', 30_000, { apartmentId: A, debtKind: 'currentCommittee', dueDate: '2025-12-10' });
const chargeA2 = row('charge', '2026-01-01', 30_000, { apartmentId: A, debtKind: 'currentCommittee', dueDate: '2026-01-10' });
const chargeA3 = row('charge', '2026-07-01', 30_000, { apartmentId: A, debtKind: 'currentCommittee', dueDate: '2026-07-10' });
const payA = row('payment', '2026-01-05', 45_001, {
  apartmentId: A,
  settles: [
    { chargeId: chargeA1.id, amountAgorot: 30_000 },
    { chargeId: chargeA2.id, amountAgorot: 15_001 },
  ],
});
const refundA = row('refund', '2026-02-01', 1, { apartmentId: A, settles: [{ chargeId: chargeA2.id, amountAgorot: 1 }] });
const creditA = row('credit', '2026-03-01', 5_000, { apartmentId: A });
const chargeB = row('charge', '2026-05-01', 12_345, { apartmentId: B, debtKind: 'special', dueDate: '2026-05-20' });
const expense = row('expense', '2026-02-10', 80_000, { group: 'cleaning' });
const expense2 = row('expense', '2026-08-10', 20_000, { group: 'elevator' });
const income = row('income', '2026-03-03', 10_000);
const opening = row('openingBalance', '2025-01-01', 100_000);
const chargeNextYear = row('charge', '2027-01-01', 30_000, { apartmentId: A, dueDate: '2027-01-10' });
const ledger = [opening, chargeA1, chargeA2, payA, refundA, creditA, expense, income, chargeB, chargeA3, expense2, chargeNextYear];

describe('owedEffect', () => {
  it('adds charges, refunds and bounces to what an apartment owes, takes payments and credits from it, ignores the building’s own rows', () => {
    expect(
      [
        row('charge', '2026-01-01', 5),
        row('refund', '2026-01-01', 5),
        row('bounce', '2026-01-01', 5),
        row('payment', '2026-01-01', 5),
        row('credit', '2026-01-01', 5),
        row('expense', '2026-01-01', 5),
      ].map(owedEffect),
    ).toEqual([5, 5, 5, -5, -5, 0]);
  });
});

describe('apartmentStatement', () => {
  it('carries the balance in, lists the year’s rows with a running balance and adds up to the closing balance', () => {
    const s = apartmentStatement(ledger, A, yearOf(2026));
    expect(s.openingAgorot).toBe(30_000);
    expect(s.lines.map((l) => [l.entry.id, l.balanceAgorot])).toEqual([
      [chargeA2.id, 60_000],
      [payA.id, 14_999],
      [refundA.id, 15_000],
      [creditA.id, 10_000],
      [chargeA3.id, 40_000],
    ]);
    expect(s).toMatchObject({ chargedAgorot: 60_000, paidAgorot: 45_001, refundedAgorot: 1, creditedAgorot: 5_000, closingAgorot: 40_000 });
    expect(s.openingAgorot + s.chargedAgorot + s.refundedAgorot - s.paidAgorot - s.creditedAgorot).toBe(s.closingAgorot);
  });

  it('is empty with a zero balance for an apartment with nothing, and shows a credit as negative', () => {
    expect(apartmentStatement(ledger, 'nobody', yearOf(2026))).toMatchObject({ openingAgorot: 0, closingAgorot: 0, lines: [] });
    const over = apartmentStatement([row('payment', '2026-04-01', 700, { apartmentId: B })], B, yearOf(2026));
    expect(over.closingAgorot).toBe(-700);
  });
});

describe('buildingStatement', () => {
  it('gives each apartment its totals and the building their sums', () => {
    const s = buildingStatement(
      ledger,
      [
        { id: A, number: '1' },
        { id: B, number: '2' },
        { id: 'c', number: '3' },
      ],
      yearOf(2026),
    );
    expect(s.rows.map((r) => [r.number, r.openingAgorot, r.closingAgorot])).toEqual([
      ['1', 30_000, 40_000],
      ['2', 0, 12_345],
      ['3', 0, 0],
    ]);
    expect(s.totals).toEqual({
      openingAgorot: 30_000,
      chargedAgorot: 72_345,
      paidAgorot: 45_001,
      refundedAgorot: 1,
      bouncedAgorot: 0,
      creditedAgorot: 5_000,
      closingAgorot: 52_345,
    });
  });
});

describe('halfYearReport', () => {
  const apartments = [
    { id: A, number: '1' },
    { id: B, number: '2' },
  ];

  it('books the half’s income and expenses, the account before and after, expenses per group', () => {
    const r = halfYearReport(ledger, apartments, halfYearOf(2026, 1), '2026-11-01');
    expect(r.asOf).toBe('2026-06-30');
    expect(r.book.map((l) => l.id)).toEqual([payA.id, refundA.id, expense.id, income.id]);
    expect(r.incomeAgorot).toBe(55_001);
    expect(r.expensesAgorot).toBe(80_001);
    expect(r.openingBalanceAgorot).toBe(100_000);
    expect(r.closingBalanceAgorot).toBe(100_000 + 55_001 - 80_001);
    expect(r.openingBalanceAgorot + r.incomeAgorot - r.expensesAgorot).toBe(r.closingBalanceAgorot);
    expect(r.expensesByGroup).toEqual([{ group: 'cleaning', amountAgorot: 80_000 }]);
  });

  it('ages the open debts on the half’s last day from the movements up to it', () => {
    const r = halfYearReport(ledger, apartments, halfYearOf(2026, 1), '2026-11-01');
    // A owes 15 000 of January's charge (less the refunded agora given back: 15 000); July's charge is not yet known.
    expect(r.debts).toEqual([
      { apartmentId: A, number: '1', pastDue: 15_000, current: 0, coming: 0, totalAgorot: 15_000 },
      { apartmentId: B, number: '2', pastDue: 12_345, current: 0, coming: 0, totalAgorot: 12_345 },
    ]);
    expect(r.debtTotals).toEqual({ pastDue: 27_345, current: 0, coming: 0, totalAgorot: 27_345 });
  });

  it('ages on today while the half is not over', () => {
    const r = halfYearReport(ledger, apartments, halfYearOf(2026, 2), '2026-07-05');
    expect(r.asOf).toBe('2026-07-05');
    expect(r.debts.find((d) => d.apartmentId === A)).toMatchObject({ pastDue: 15_000, current: 30_000 });
    expect(r.expensesByGroup).toEqual([{ group: 'elevator', amountAgorot: 20_000 }]);
  });
});

describe('a bounced check', () => {
  // March's fee paid by a check on 5 March; the check bounced on 20 April and reopened the fee.
  const fee = row('charge', '2026-03-01', 30_000, { apartmentId: A, debtKind: 'currentCommittee', dueDate: '2026-03-10' });
  const check = row('payment', '2026-03-05', 30_000, { apartmentId: A, settles: [{ chargeId: fee.id, amountAgorot: 30_000 }] });
  const bounce = row('bounce', '2026-04-20', 30_000, { apartmentId: A, settles: [{ chargeId: fee.id, amountAgorot: 30_000 }] });
  const rows = [opening, fee, check, bounce];

  it('is its own total of the statement, not a refund, and makes the apartment owe again', () => {
    const s = apartmentStatement(rows, A, yearOf(2026));
    expect(s).toMatchObject({ paidAgorot: 30_000, refundedAgorot: 0, bouncedAgorot: 30_000, closingAgorot: 30_000 });
    expect(s.lines.map((l) => [l.kind, l.balanceAgorot])).toEqual([
      ['charge', 30_000],
      ['payment', 0],
      ['bounce', 30_000],
    ]);
  });

  it('takes back income in the owners’ book rather than booking an expense, and the reopened fee ages by its own due date', () => {
    const r = halfYearReport(rows, [{ id: A, number: '1' }], halfYearOf(2026, 1), '2026-11-01');
    expect(r.book.map((l) => [l.kind, l.incomeAgorot, l.expenseAgorot])).toEqual([
      ['payment', 30_000, 0],
      ['bounce', -30_000, 0],
    ]);
    expect([r.incomeAgorot, r.expensesAgorot]).toEqual([0, 0]);
    expect(r.openingBalanceAgorot + r.incomeAgorot - r.expensesAgorot).toBe(r.closingBalanceAgorot);
    expect(r.debts).toEqual([{ apartmentId: A, number: '1', pastDue: 30_000, current: 0, coming: 0, totalAgorot: 30_000 }]);
  });

  it('is exported with its own kind', () => {
    expect(ledgerExportRows(rows, '2026-04', () => '1').map((r) => r[1])).toEqual(['bounce']);
  });
});

describe('ledgerExportRows', () => {
  it('gives one row per movement of the month with kind, date, apartment, agorot and a reference', () => {
    const rows = ledgerExportRows(
      ledger.map((e) => ({ ...e, sourceKind: 'src', sourceId: e.id })),
      '2026-01',
      (id) => (id === A ? '1' : '?'),
      (e) => (e.kind === 'payment' ? 'receipt 7' : null),
    );
    expect(rows).toEqual([
      [chargeA2.id, 'charge', '2026-01-01', '1', 30_000, `src:${chargeA2.id}`, chargeA2.description],
      [payA.id, 'payment', '2026-01-05', '1', 45_001, 'receipt 7', payA.description],
    ]);
  });

  it('knows the last day of every month', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-02').to).toBe('2026-02-28');
    expect(monthRange('2026-12').to).toBe('2026-12-31');
  });
});
