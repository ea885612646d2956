import { describe, expect, it } from 'vitest';
import { canDeleteMeter, consumptionTotals, validateMeterFields, validatePricePerKwh } from './meterRules.ts';

describe('counter fields', () => {
  it('requires the number printed on the counter and a starting value ≥ 0', () => {
    expect(validateMeterFields({ number: '  ', initialReading: 0 })).toEqual({ field: 'number', messageKey: 'requiredField' });
    expect(validateMeterFields({ number: 'E-1', initialReading: -1 })).toEqual({ field: 'initialReading', messageKey: 'invalidNumber' });
    expect(validateMeterFields({ number: 'E-1', initialReading: Number.NaN })?.messageKey).toBe('invalidNumber');
    expect(validateMeterFields({ number: 'E-1', initialReading: 0 })).toBeNull();
  });

  it('refuses to delete a counter that has paid readings', () => {
    expect(canDeleteMeter([{ paid: false }, { paid: true }])).toEqual({ field: 'id', messageKey: 'errorDeletingCounter' });
    expect(canDeleteMeter([{ paid: false }])).toBeNull();
    expect(canDeleteMeter([])).toBeNull();
  });
});

describe('price per kWh', () => {
  it('accepts a positive price in NIS, or none', () => {
    expect(validatePricePerKwh(0.62)).toBeNull();
    expect(validatePricePerKwh(null)).toBeNull();
    expect(validatePricePerKwh(0)?.messageKey).toBe('invalidAmount');
    expect(validatePricePerKwh(-1)?.messageKey).toBe('invalidAmount');
    expect(validatePricePerKwh(Number.NaN)?.messageKey).toBe('invalidAmount');
  });
});

describe('consumption totals', () => {
  const start = new Date('2025-03-01T00:00:00Z');
  const end = new Date('2025-03-31T23:59:59Z');
  const r = (readAt: string, consumption: number, pricePerKwh: number | null) => ({
    readAt,
    previous: 1000,
    current: 1000 + consumption,
    consumption,
    pricePerKwh,
  });

  it('adds the kWh of readings in the range only', () => {
    const totals = consumptionTotals(
      [r('2025-02-28T10:00:00Z', 100, null), r('2025-03-05T10:00:00Z', 0.1, null), r('2025-03-20T10:00:00Z', 0.2, null)],
      start,
      end,
    );
    expect(totals).toEqual({ count: 2, kwh: 0.3, nis: null, unpriced: 2 });
  });

  it('charges each reading at the price captured when it was taken', () => {
    const totals = consumptionTotals(
      [r('2025-03-05T10:00:00Z', 10.5, 0.61), r('2025-03-06T10:00:00Z', 20, 0.7), r('2025-03-07T10:00:00Z', 5, null)],
      start,
      end,
    );
    expect(totals).toEqual({ count: 3, kwh: 35.5, nis: 20.41, unpriced: 1 });
  });
});
