import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountBalance,
  apartmentBalance,
  budgetVsActual,
  hasPastDueDebt,
  openDebts,
  pettyCashBalance,
  periodKey,
  periodTotals,
  reopenedByBounce,
  settle,
} from './ledger';
import type { LedgerEntry } from './ledger';

let n = 0;
const entry = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'kind' | 'amountAgorot' | 'date'>): LedgerEntry => ({
  id: `e${++n}`,
  buildingId: 101,
  apartmentId: null,
  debtKind: null,
  dueDate: null,
  group: null,
  description: '',
  settles: [],
  ...e,
});

const march = entry({
  id: 'c-mar',
  kind: 'charge',
  amountAgorot: 35_000,
  date: '2026-03-01',
  dueDate: '2026-03-10',
  apartmentId: 'a1',
  debtKind: 'currentCommittee',
});
const special = entry({
  id: 'c-roof',
  kind: 'charge',
  amountAgorot: 120_000,
  date: '2026-02-15',
  dueDate: '2026-02-28',
  apartmentId: 'a1',
  debtKind: 'special',
});
const april = entry({
  id: 'c-apr',
  kind: 'charge',
  amountAgorot: 35_000,
  date: '2026-04-01',
  dueDate: '2026-04-10',
  apartmentId: 'a1',
  debtKind: 'futureCommittee',
});
const book: LedgerEntry[] = [
  entry({ kind: 'openingBalance', amountAgorot: 500_000, date: '2026-01-01' }),
  special,
  march,
  april,
  entry({ kind: 'payment', amountAgorot: 60_000, date: '2026-03-05', apartmentId: 'a1', settles: [{ chargeId: 'c-roof', amountAgorot: 60_000 }] }),
  entry({ kind: 'expense', amountAgorot: 80_000, date: '2026-03-20', group: 'elevator' }),
  entry({ kind: 'expense', amountAgorot: 20_000, date: '2026-04-02', group: 'cleaning' }),
  entry({ kind: 'income', amountAgorot: 15_000, date: '2026-04-15', group: 'parking' }),
  entry({ kind: 'pettyCashIn', amountAgorot: 10_000, date: '2026-03-01' }),
  entry({ kind: 'pettyCashOut', amountAgorot: 2_550, date: '2026-03-03' }),
];

describe('the one ledger', () => {
  it('gives the building account and the petty cash their balances', () => {
    expect(accountBalance(book)).toBe(500_000 + 60_000 - 80_000 - 20_000 + 15_000);
    expect(pettyCashBalance(book)).toBe(7_450);
  });

  it("gives an apartment's balance and its open debts, oldest due first, partly settled ones included", () => {
    expect(apartmentBalance(book, 'a1')).toBe(120_000 + 35_000 + 35_000 - 60_000);
    expect(openDebts(book, 'a1')).toMatchObject([
      { chargeId: 'c-roof', open: 60_000, settled: 60_000 },
      { chargeId: 'c-mar', open: 35_000 },
      { chargeId: 'c-apr', open: 35_000 },
    ]);
  });

  it('tells a debt past its due date from one not yet due and from a settled one', () => {
    expect(hasPastDueDebt(book, 'a1', '2026-02-28')).toBe(false);
    expect(hasPastDueDebt(book, 'a1', '2026-03-01')).toBe(true);
    const settled = [
      special,
      entry({ kind: 'payment', amountAgorot: 120_000, date: '2026-02-20', apartmentId: 'a1', settles: [{ chargeId: 'c-roof', amountAgorot: 120_000 }] }),
    ];
    expect(hasPastDueDebt(settled, 'a1', '2026-06-01')).toBe(false);
    expect(hasPastDueDebt(book, 'a2', '2026-06-01')).toBe(false);
  });

  it('settles the chosen debts, or the oldest first, and keeps the rest as credit', () => {
    const debts = openDebts(book, 'a1');
    expect(settle(debts, 50_000)).toEqual({ settles: [{ chargeId: 'c-roof', amountAgorot: 50_000 }], credit: 0 });
    expect(settle(debts, 40_000, ['c-apr'])).toEqual({ settles: [{ chargeId: 'c-apr', amountAgorot: 35_000 }], credit: 5_000 });
  });

  it('adds up per month, quarter and year', () => {
    expect(periodKey('2026-11-24', 'quarter')).toBe('2026-Q4');
    expect(periodTotals(book, 'month', '2026-01-01', '2026-12-31')).toEqual([
      { period: '2026-03', income: 60_000, expenses: 80_000, net: -20_000 },
      { period: '2026-04', income: 15_000, expenses: 20_000, net: -5_000 },
    ]);
    expect(periodTotals(book, 'year', '2026-01-01', '2026-12-31')).toEqual([{ period: '2026', income: 75_000, expenses: 100_000, net: -25_000 }]);
  });

  it('sets the year budget of each group against its expenses, month by month', () => {
    const rows = budgetVsActual(
      [
        { group: 'elevator', year: 2026, amountAgorot: 300_000 },
        { group: 'gardening', year: 2026, amountAgorot: 50_000 },
      ],
      book,
      2026,
    );
    expect(rows.find((r) => r.group === 'elevator')).toMatchObject({ budget: 300_000, actual: 80_000, remaining: 220_000 });
    expect(rows.find((r) => r.group === 'elevator')?.months[2]).toBe(80_000);
    expect(rows.find((r) => r.group === 'cleaning')).toMatchObject({ budget: 0, actual: 20_000, remaining: -20_000 });
    expect(rows.find((r) => r.group === 'gardening')).toMatchObject({ actual: 0, remaining: 50_000 });
  });

  it('never settles more than is open, and payment + credit is always the amount paid', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 3_000_000 }), (charges, paid) => {
        const entries = charges.map((amountAgorot, i) =>
          entry({ id: `c${i}`, kind: 'charge', amountAgorot, date: '2026-01-01', dueDate: `2026-01-${String(i + 1).padStart(2, '0')}`, apartmentId: 'z' }),
        );
        const { settles, credit } = settle(openDebts(entries, 'z'), paid);
        expect(settles.reduce((s, x) => s + x.amountAgorot, 0) + credit).toBe(paid);
        for (const s of settles) expect(s.amountAgorot).toBeLessThanOrEqual(charges[Number(s.chargeId.slice(1))] ?? 0);
      }),
    );
  });
});

describe('a bounced check', () => {
  const fee = entry({ id: 'fee', kind: 'charge', amountAgorot: 30_000, date: '2026-03-01', apartmentId: 'a', dueDate: '2026-03-10' });
  const check = entry({ kind: 'payment', amountAgorot: 30_000, date: '2026-03-05', apartmentId: 'a', settles: [{ chargeId: 'fee', amountAgorot: 30_000 }] });
  const bounce = entry({
    kind: 'bounce',
    amountAgorot: 30_000,
    date: '2026-04-20',
    apartmentId: 'a',
    settles: [{ chargeId: 'fee', amountAgorot: 30_000 }],
    descriptionKey: 'checkBounce',
    descriptionParams: { number: '4711' },
  });
  const rows = [fee, check, bounce];

  it('reopens what the check settled, takes the money back out of the account and makes the apartment owe again', () => {
    expect(openDebts(rows, 'a').map((d) => [d.chargeId, d.open])).toEqual([['fee', 30_000]]);
    expect(accountBalance(rows)).toBe(0);
    expect(apartmentBalance(rows, 'a')).toBe(30_000);
    expect(periodTotals(rows, 'month', '2026-01-01', '2026-12-31').map((p) => [p.period, p.income])).toEqual([
      ['2026-03', 30_000],
      ['2026-04', -30_000],
    ]);
  });

  it('names the check that made each debt owed again', () => {
    expect([...reopenedByBounce(rows)]).toEqual([['fee', '4711']]);
    expect(reopenedByBounce([fee, check]).size).toBe(0);
  });
});
