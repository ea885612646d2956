import { describe, expect, it } from 'vitest';
import { debtAge, debtKindOn, israelToday, openByAge } from './debtAge.ts';

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
    expect(['2026-04-20', '2026-05-01', '2026-05-15', '2026-05-16'].map((today) => debtAge('2026-05-15', today))).toEqual(['coming', 'current', 'current', 'pastDue']);
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
