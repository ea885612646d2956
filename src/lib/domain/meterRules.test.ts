import { describe, expect, it } from 'vitest';
import {
  canDeleteReading,
  canUpdateReading,
  chargeOf,
  consumptionOf,
  latestReading,
  nextReadingOf,
  previousReadingOf,
  rechainedNext,
  validateNewMeter,
  validateReading,
  validateReadingCorrection,
  validateReadingPrice,
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

describe('reading corrections', () => {
  const chain = [
    { id: 'a', readAt: '2024-01-01T00:00:00Z', current: 110 },
    { id: 'c', readAt: '2024-03-01T00:00:00Z', current: 140 },
    { id: 'b', readAt: '2024-02-01T00:00:00Z', current: 120 },
  ];
  const reading = { previous: 110, current: 120, photoId: 'p', paid: false };
  const next = { current: 140, paid: false };

  it('finds the reading taken right after, whatever the order held', () => {
    expect(nextReadingOf({ id: 'a', readAt: '2024-01-01T00:00:00Z' }, chain)?.id).toBe('b');
    expect(nextReadingOf({ id: 'b', readAt: '2024-02-01T00:00:00Z' }, chain)?.id).toBe('c');
    expect(nextReadingOf({ id: 'c', readAt: '2024-03-01T00:00:00Z' }, chain)).toBeNull();
  });

  it('keeps a corrected reading above its previous one and below the next one', () => {
    expect(validateReadingCorrection({ reading, current: 130, photoId: 'p', next })).toBeNull();
    expect(validateReadingCorrection({ reading, current: 140, photoId: 'p', next })).toEqual({ field: 'current', messageKey: 'currentReadingNotGreater' });
    expect(validateReadingCorrection({ reading, current: 150, photoId: 'p', next })?.messageKey).toBe('currentReadingNotGreater');
    expect(validateReadingCorrection({ reading, current: 110, photoId: 'p', next })?.messageKey).toBe('currentReadingNotGreater');
    expect(validateReadingCorrection({ reading, current: 150, photoId: 'p', next: null })).toBeNull();
  });

  it('refuses a paid reading, and a change that would re-chain a paid next one', () => {
    expect(validateReadingCorrection({ reading: { ...reading, paid: true }, current: 130, photoId: 'p', next })?.messageKey).toBe('paidReadingCannotBeUpdated');
    const paidNext = { ...next, paid: true };
    expect(validateReadingCorrection({ reading, current: 130, photoId: 'p', next: paidNext })?.messageKey).toBe('paidReadingCannotBeUpdated');
    expect(validateReadingCorrection({ reading, current: 120, photoId: 'q', next: paidNext })).toBeNull();
  });

  it('bills a charging station’s reading only at a price', () => {
    expect(validateReadingPrice({ kind: 'evCharger' }, null)).toEqual({ field: 'meterId', messageKey: 'pricePerKwhRequired' });
    expect(validateReadingPrice({ kind: 'evCharger' }, 0.6)).toBeNull();
    expect(validateReadingPrice({ kind: 'unit' }, null)).toBeNull();
  });

  it('re-chains the next reading from the corrected value', () => {
    expect(rechainedNext(130.1, { current: 140.3 })).toEqual({ previous: 130.1, consumption: 10.2 });
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
