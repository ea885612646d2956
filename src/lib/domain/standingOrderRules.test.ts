import { describe, expect, it } from 'vitest';
import { billingDateIn, chargeDates, validateStandingOrder } from './standingOrderRules';

describe('standing order', () => {
  it('bills a day the month lacks on its last day', () => {
    expect(billingDateIn(2026, 2, 31)).toBe('2026-02-28');
    expect(billingDateIn(2028, 2, 30)).toBe('2028-02-29');
    expect(billingDateIn(2026, 4, 31)).toBe('2026-04-30');
    expect(billingDateIn(2026, 1, 31)).toBe('2026-01-31');
  });

  it('lists the charge dates from the start, across the year end, per frequency', () => {
    expect(chargeDates('2026-11-24', 31, 'monthly', 4)).toEqual(['2026-11-30', '2026-12-31', '2027-01-31', '2027-02-28']);
    expect(chargeDates('2026-11-24', 10, 'monthly', 2)).toEqual(['2026-12-10', '2027-01-10']);
    expect(chargeDates('2026-11-24', 24, 'quarterly', 3)).toEqual(['2026-11-24', '2027-02-24', '2027-05-24']);
  });

  it('refuses a start in the past, a day out of range and American Express', () => {
    const ok = { billingDay: 31, startDate: '2026-12-01', frequency: 'monthly', card: 'local' as const, today: '2026-11-24' };
    expect(validateStandingOrder(ok)).toBeNull();
    expect(validateStandingOrder({ ...ok, startDate: '2026-11-23' })).toEqual({ field: 'startDate', messageKey: 'invalidDate' });
    expect(validateStandingOrder({ ...ok, startDate: '2026-11-31' })).toEqual({ field: 'startDate', messageKey: 'invalidDate' });
    expect(validateStandingOrder({ ...ok, billingDay: 32 })).toEqual({ field: 'billingDay', messageKey: 'invalidNumber' });
    expect(validateStandingOrder({ ...ok, card: 'amex' })).toEqual({ field: 'card', messageKey: 'amexNotForRecurring' });
    expect(validateStandingOrder({ ...ok, card: null })).toEqual({ field: 'card', messageKey: 'requiredField' });
  });
});
