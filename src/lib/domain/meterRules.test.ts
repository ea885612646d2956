import { describe, expect, it } from 'vitest';
import {
  canDeleteReading,
  canUpdateReading,
  chargeOf,
  consumptionOf,
  latestReading,
  previousReadingOf,
  validateNewMeter,
  validateReading,
} from './meterRules.ts';

describe('meter readings', () => {
  it('compares with the last reading, or the initial one', () => {
    expect(previousReadingOf({ initialReading: 100, lastReading: null })).toBe(100);
    expect(previousReadingOf({ initialReading: 100, lastReading: 250 })).toBe(250);
  });

  it('requires the current reading to be greater than the previous', () => {
    expect(validateReading({ previous: 100, current: 100, photoId: 'p' })).toEqual({ field: 'current', messageKey: 'currentReadingNotGreater' });
    expect(validateReading({ previous: 100, current: 99, photoId: 'p' })?.messageKey).toBe('currentReadingNotGreater');
    expect(validateReading({ previous: 100, current: Number.NaN, photoId: 'p' })?.messageKey).toBe('currentReadingNotGreater');
    expect(validateReading({ previous: 100, current: 101, photoId: 'p' })).toBeNull();
  });

  it('requires a photo', () => {
    expect(validateReading({ previous: 1, current: 2, photoId: null })).toEqual({ field: 'photoId', messageKey: 'photoRequired' });
    expect(validateReading({ previous: 1, current: 2, photoId: ' ' })?.messageKey).toBe('photoRequired');
  });

  it('computes consumption without float noise', () => {
    expect(consumptionOf(0.1, 0.3)).toBe(0.2);
    expect(chargeOf(100, 110.5, 0.61)).toBe(641);
    expect(chargeOf(0, 1, null)).toBeNull();
  });

  it('freezes paid readings and deletes only the latest', () => {
    expect(canUpdateReading({ paid: true })?.messageKey).toBe('paidReadingCannotBeUpdated');
    expect(canUpdateReading({ paid: false })).toBeNull();
    const readings = [
      { id: 'a', readAt: '2024-01-01T00:00:00Z', current: 10 },
      { id: 'b', readAt: '2024-02-01T00:00:00Z', current: 20 },
    ];
    expect(latestReading(readings)?.id).toBe('b');
    expect(canDeleteReading({ id: 'a', paid: false }, readings)?.messageKey).toBe('onlyLastReadingCanBeDeleted');
    expect(canDeleteReading({ id: 'b', paid: false }, readings)).toBeNull();
    expect(canDeleteReading({ id: 'b', paid: true }, readings)?.messageKey).toBe('paidReadingCannotBeUpdated');
  });
});

describe('new meters', () => {
  const existing = [{ id: 'm1', apartmentId: 'apt-1', kind: 'unit' as const }];

  it('allows one counter per unit', () => {
    expect(validateNewMeter({ apartmentId: 'apt-1', kind: 'unit' }, { pricePerKwh: null }, existing)).toEqual({
      field: 'apartmentId',
      messageKey: 'oneCounterPerUnit',
    });
    expect(validateNewMeter({ apartmentId: 'apt-2', kind: 'unit' }, { pricePerKwh: null }, existing)).toBeNull();
    expect(validateNewMeter({ apartmentId: null, kind: 'unit' }, { pricePerKwh: null }, existing)?.messageKey).toBe('requiredField');
  });

  it('refuses a charging station while the building has no price per kWh', () => {
    expect(validateNewMeter({ apartmentId: null, kind: 'evCharger' }, { pricePerKwh: null }, existing)?.messageKey).toBe('pricePerKwhRequired');
    expect(validateNewMeter({ apartmentId: null, kind: 'evCharger' }, { pricePerKwh: 0 }, existing)?.messageKey).toBe('pricePerKwhRequired');
    expect(validateNewMeter({ apartmentId: 'apt-1', kind: 'evCharger' }, { pricePerKwh: 0.6 }, existing)).toBeNull();
  });
});
