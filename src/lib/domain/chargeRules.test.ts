import { describe, expect, it } from 'vitest';
import { validateQuickCharge } from './chargeRules';

const ok = { buildingId: 101, apartmentId: 'a1', allApartments: false, reason: 'special', description: 'צביעת הלובי', amount: 250.5, dueDate: '2026-12-01' };

describe('quick charge rule', () => {
  it('accepts one apartment or all apartments of a building', () => {
    expect(validateQuickCharge(ok)).toBeNull();
    expect(validateQuickCharge({ ...ok, apartmentId: null, allApartments: true })).toBeNull();
  });

  it('refuses a charge without building, apartment, reason, description, a positive whole-agorot amount or a date', () => {
    expect(validateQuickCharge({ ...ok, buildingId: null })?.field).toBe('buildingId');
    expect(validateQuickCharge({ ...ok, apartmentId: null })?.field).toBe('apartmentId');
    expect(validateQuickCharge({ ...ok, reason: 'gift' })?.field).toBe('reason');
    expect(validateQuickCharge({ ...ok, description: ' ' })?.field).toBe('description');
    for (const amount of [null, 0, -5, 10.005, Number.NaN])
      expect(validateQuickCharge({ ...ok, amount })).toEqual({ field: 'amount', messageKey: 'invalidAmount' });
    expect(validateQuickCharge({ ...ok, dueDate: '01/12/2026' })).toEqual({ field: 'dueDate', messageKey: 'invalidDate' });
    // A day the month does not have is refused, never rolled over into the next month.
    expect(validateQuickCharge({ ...ok, dueDate: '2026-02-31' })).toEqual({ field: 'dueDate', messageKey: 'invalidDate' });
    expect(validateQuickCharge({ ...ok, dueDate: '2027-02-29' })).toEqual({ field: 'dueDate', messageKey: 'invalidDate' });
    expect(validateQuickCharge({ ...ok, dueDate: '2028-02-29' })).toBeNull();
  });
});
