import { describe, expect, it } from 'vitest';
import { debtAge, debtKindOn, israelToday, openByAge, openChargesByAge } from './debtAge.ts';
import type { LedgerEntry } from './ledger.ts';

describe('debtAge', () => {
  it('is current on the due day, past due the day after, current the day before', () => {
    expect(debtAge('2026-03-10', '2026-03-09')).toBe('current');
    expect(debtAge('2026-03-10', '2026-03-10')).toBe('current');
    expect(debtAge('2026-03-10', '2026-03-11')).toBe('pastDue');
  });

  it('is coming when due in a later month, even tomorrow across a month end', () => {
    expect(debtAge('2026-02-01', '2026-01-31')).toBe('coming');
    expect(debtAge('2027-01-01', '2026-12-31')).toBe('coming');
    expect(debtAge('2026-02-28', '2026-02-01')).toBe('current');
    expect(debtAge('2024-02-29', '2024-03-01')).toBe('pastDue');
  });

  it('moves with the calendar: the same charge is coming, then current, then past due', () => {
    expect(['2026-04-20', '2026-05-01', '2026-05-15', '2026-05-16'].map((today) => debtAge('2026-05-15', today))).toEqual([
      'coming',
      'current',
      'current',
      'pastDue',
    ]);
  });
});

describe('israelToday', () => {
  it('is the date in Israel, not UTC, around midnight', () => {
    expect(israelToday(new Date('2026-01-31T21:59:00Z'))).toBe('2026-01-31');
    expect(israelToday(new Date('2026-01-31T22:00:00Z'))).toBe('2026-02-01');
    // Summer time (UTC+3): the Israeli day starts at 21:00 UTC.
    expect(israelToday(new Date('2026-06-30T20:59:00Z'))).toBe('2026-06-30');
    expect(israelToday(new Date('2026-06-30T21:00:00Z'))).toBe('2026-07-01');
  });

  it('ages a debt right on the days the clocks change', () => {
    // Israel moved to summer time on Friday 27 March 2026 at 02:00 and back on Sunday 25 October 2026 at 02:00.
    expect(debtAge('2026-03-26', israelToday(new Date('2026-03-26T21:59:00Z')))).toBe('current');
    expect(debtAge('2026-03-26', israelToday(new Date('2026-03-26T22:00:00Z')))).toBe('pastDue');
    expect(debtAge('2026-03-27', israelToday(new Date('2026-03-27T20:59:00Z')))).toBe('current');
    expect(debtAge('2026-03-27', israelToday(new Date('2026-03-27T21:00:00Z')))).toBe('pastDue');
    expect(debtAge('2026-10-25', israelToday(new Date('2026-10-25T21:59:00Z')))).toBe('current');
    expect(debtAge('2026-10-25', israelToday(new Date('2026-10-25T22:00:00Z')))).toBe('pastDue');
  });
});

describe('debtKindOn', () => {
  it('computes a committee fee’s kind from its age, whatever label was stored', () => {
    expect(debtKindOn('futureCommittee', '2026-01-10', '2026-03-01')).toBe('pastCommittee');
    expect(debtKindOn('pastCommittee', '2026-03-10', '2026-03-01')).toBe('currentCommittee');
    expect(debtKindOn('currentCommittee', '2026-04-10', '2026-03-01')).toBe('futureCommittee');
  });

  it('keeps a special charge special (its age is told apart by debtAge)', () => {
    expect(debtKindOn('special', '2026-01-10', '2026-03-01')).toBe('special');
    expect(debtKindOn(null, '2026-01-10', '2026-03-01')).toBe('special');
  });
});

describe('openByAge', () => {
  it('sums what is open per age in agorot, ignoring settled charges', () => {
    const debts = [
      { dueDate: '2026-02-10', openAgorot: 35_000 },
      { dueDate: '2026-02-28', openAgorot: 1 },
      { dueDate: '2026-03-10', openAgorot: 35_000 },
      { dueDate: '2026-04-10', openAgorot: 12_345 },
      { dueDate: '2026-01-10', openAgorot: 0 },
    ];
    expect(openByAge(debts, '2026-03-01')).toEqual({ pastDue: 35_001, current: 35_000, coming: 12_345 });
  });
});

describe('openChargesByAge', () => {
  const entry = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'id' | 'kind' | 'amountAgorot'>): LedgerEntry => ({
    buildingId: 1,
    date: '2026-01-01',
    apartmentId: 'a1',
    debtKind: null,
    dueDate: null,
    group: null,
    description: '',
    settles: [],
    ...e,
  });

  it('ages what each charge still owes, after payments and refunds, by its due date', () => {
    const ledger = [
      entry({ id: 'fee-feb', kind: 'charge', amountAgorot: 35_000, debtKind: 'futureCommittee', dueDate: '2026-02-10' }),
      entry({ id: 'fee-mar', kind: 'charge', amountAgorot: 35_000, debtKind: 'pastCommittee', dueDate: '2026-03-10' }),
      entry({ id: 'lift', kind: 'charge', amountAgorot: 50_000, debtKind: 'special', dueDate: '2026-04-01' }),
      entry({
        id: 'pay',
        kind: 'payment',
        amountAgorot: 45_000,
        settles: [
          { chargeId: 'fee-feb', amountAgorot: 35_000 },
          { chargeId: 'fee-mar', amountAgorot: 10_000 },
        ],
      }),
      entry({ id: 'back', kind: 'refund', amountAgorot: 5_000, settles: [{ chargeId: 'fee-feb', amountAgorot: 5_000 }] }),
      entry({ id: 'cost', kind: 'expense', amountAgorot: 99_999 }),
    ];
    expect(openChargesByAge(ledger, '2026-03-11')).toEqual({ pastDue: 30_000, current: 0, coming: 50_000 });
    expect(openChargesByAge(ledger, '2026-03-10')).toEqual({ pastDue: 5_000, current: 25_000, coming: 50_000 });
  });
});
