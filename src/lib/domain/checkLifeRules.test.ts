import { describe, expect, it } from 'vitest';
import { allowedActions, bounceFeeOn, bounceReopens, validateBounceFee, validateCheckAction } from './checkLifeRules.ts';

const today = '2041-03-10';

describe('a check’s life', () => {
  it('goes received → deposited → cleared or bounced, and nowhere else', () => {
    expect(allowedActions({ status: 'received', depositDate: today }, today)).toEqual(['deposit']);
    expect(allowedActions({ status: 'deposited', depositDate: today }, today)).toEqual(['clear', 'bounce']);
    expect(allowedActions({ status: 'cleared', depositDate: today }, today)).toEqual([]);
    expect(allowedActions({ status: 'bounced', depositDate: today }, today)).toEqual([]);
    expect(validateCheckAction({ status: 'received', depositDate: today }, 'bounce', today)).toEqual({ field: 'status', messageKey: 'checkActionNotAllowed' });
    expect(validateCheckAction({ status: 'cleared', depositDate: today }, 'bounce', today)).toEqual({ field: 'status', messageKey: 'checkActionNotAllowed' });
    expect(validateCheckAction({ status: 'bounced', depositDate: today }, 'clear', today)).toEqual({ field: 'status', messageKey: 'checkActionNotAllowed' });
    expect(validateCheckAction({ status: 'deposited', depositDate: today }, 'clear', today)).toBeNull();
  });

  it('a post-dated check waits for its own date', () => {
    expect(allowedActions({ status: 'received', depositDate: '2041-03-11' }, today)).toEqual([]);
    expect(validateCheckAction({ status: 'received', depositDate: '2041-03-11' }, 'deposit', today)).toEqual({
      field: 'DepositDate',
      messageKey: 'checkNotDueYet',
    });
    expect(validateCheckAction({ status: 'received', depositDate: '2041-03-11' }, 'deposit', '2041-03-11')).toBeNull();
  });

  it('an action the check already took is not refused (a repeat answers the check as it is)', () => {
    expect(validateCheckAction({ status: 'bounced', depositDate: today }, 'bounce', today)).toBeNull();
    expect(validateCheckAction({ status: 'deposited', depositDate: '2041-04-01' }, 'deposit', today)).toBeNull();
  });
});

describe('what a bounce reopens', () => {
  const paid = [
    { chargeId: 'jan', amountAgorot: 30_000 },
    { chargeId: 'feb', amountAgorot: 30_000 },
  ];

  it('the last-settled charges first, up to the check’s amount', () => {
    expect(bounceReopens(paid, [], 40_000)).toEqual([
      { chargeId: 'feb', amountAgorot: 30_000 },
      { chargeId: 'jan', amountAgorot: 10_000 },
    ]);
  });

  it('never what an earlier bounce of the same payment already reopened', () => {
    const first = bounceReopens(paid, [], 40_000);
    expect(bounceReopens(paid, first, 40_000)).toEqual([{ chargeId: 'jan', amountAgorot: 20_000 }]);
  });

  it('nothing beyond what the payment settled (the rest was a credit)', () => {
    expect(bounceReopens([{ chargeId: 'jan', amountAgorot: 5_000 }], [], 20_000)).toEqual([{ chargeId: 'jan', amountAgorot: 5_000 }]);
    expect(bounceReopens([], [], 20_000)).toEqual([]);
  });

  it('refuses amounts that are not whole agorot', () => {
    expect(() => bounceReopens(paid, [], 10.5)).toThrow();
  });
});

describe('the bounce fee', () => {
  const settings = [
    { effectiveFrom: '2041-01-01', amountAgorot: 5_000, createdAt: '2040-12-01T00:00:00Z' },
    { effectiveFrom: '2041-03-01', amountAgorot: 7_500, createdAt: '2041-02-01T00:00:00Z' },
    { effectiveFrom: '2041-03-01', amountAgorot: 8_000, createdAt: '2041-02-02T00:00:00Z' },
  ];

  it('is the setting in effect on the bounce date (of one date, the later made), none before any', () => {
    expect(bounceFeeOn(settings, '2040-12-31')).toBe(0);
    expect(bounceFeeOn(settings, '2041-02-28')).toBe(5_000);
    expect(bounceFeeOn(settings, '2041-03-01')).toBe(8_000);
    expect(bounceFeeOn([], today)).toBe(0);
  });

  it('is whole non-negative agorot from a real date', () => {
    expect(validateBounceFee({ effectiveFrom: '2041-03-01', amountAgorot: 0 })).toBeNull();
    expect(validateBounceFee({ effectiveFrom: '2041-3-1', amountAgorot: 100 })?.field).toBe('effectiveFrom');
    expect(validateBounceFee({ effectiveFrom: '2041-03-01', amountAgorot: 1.5 })?.field).toBe('amountAgorot');
    expect(validateBounceFee({ effectiveFrom: '2041-03-01', amountAgorot: -1 })?.field).toBe('amountAgorot');
  });
});
