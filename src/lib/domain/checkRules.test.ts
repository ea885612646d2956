import { describe, expect, it } from 'vitest';
import {
  checksTotal,
  depositCodeFromCaller,
  numbersOfPayments,
  sumAgorot,
  toAgorot,
  totalsMatch,
  validateCheck,
  validateDepositCode,
  validateSubmit,
} from './checkRules.ts';

describe('check rules', () => {
  it('compares totals in agorot', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(totalsMatch([{ Amount: 0.1 }, { Amount: 0.2 }], 0.3)).toBe(true);
    expect(totalsMatch([{ Amount: 100.1 }, { Amount: 200.2 }], 300.3)).toBe(true);
    expect(totalsMatch([{ Amount: 100 }], 100.01)).toBe(false);
    expect(toAgorot(19.99)).toBe(1999);
    expect(sumAgorot([1.005, 2])).toBe(301);
    expect(checksTotal([{ Amount: 0.1 }, { Amount: 0.2 }])).toBe(0.3);
  });

  it('refuses submission on mismatch unless sent anyway', () => {
    expect(validateSubmit([{ Amount: 100 }], 150, false)).toEqual({ field: 'Amount', messageKey: 'checksTotalMismatch' });
    expect(validateSubmit([{ Amount: 100 }], 150, true)).toBeNull();
    expect(validateSubmit([{ Amount: 150 }], 150, false)).toBeNull();
    expect(validateSubmit([], 0, true)?.messageKey).toBe('missingDetailsToContinue');
  });

  it('validates a check', () => {
    expect(validateCheck({ Amount: 0, DepositDate: '2024-05-01' })?.messageKey).toBe('invalidAmount');
    expect(validateCheck({ Amount: 10, DepositDate: '01/05/2024' })?.messageKey).toBe('invalidDate');
    expect(validateCheck({ Amount: 10, DepositDate: '2024-05-01' })).toBeNull();
  });

  it('follows the number of checks with at least one payment', () => {
    expect(numbersOfPayments([])).toBe(1);
    expect(numbersOfPayments([1, 2, 3])).toBe(3);
  });

  it('takes the deposit code from the last 6 digits of the calling number', () => {
    expect(depositCodeFromCaller('+972-3-765-4321')).toBe('654321');
    expect(validateDepositCode('654321')).toBeNull();
    expect(validateDepositCode('65432')?.messageKey).toBe('invalidCode');
  });
});
