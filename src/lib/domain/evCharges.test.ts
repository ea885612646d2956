import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billsReadings, evChargeAgorot, evChargeText, isChargeLocked, isChargePaid } from './evCharges.ts';
import { canDeleteReading, canUpdateReading, consumptionOf } from './meterRules.ts';

// Counter values as a station shows them (to the Wh) and prices as a building sets them (to 1/10,000 NIS).
const counter = fc.integer({ min: 0, max: 50_000_000 }).map((wh) => wh / 1000);
const price = fc.integer({ min: 1, max: 999_999 }).map((p) => p / 10_000);

describe('an EV reading in agorot', () => {
  it('charges the kWh at the captured price, rounding half up to the agora', () => {
    expect(evChargeAgorot(100, 142, 0.6)).toBe(2520); // 42 kWh × 0.60
    expect(evChargeAgorot(0, 12.5, 0.7)).toBe(875);
    expect(evChargeAgorot(0, 0.005, 1)).toBe(1); // 0.5 agora → 1
    expect(evChargeAgorot(0.005, 0.01, 1)).toBe(0); // 1.0 − 0.5 → 1 − 1
    expect(evChargeAgorot(1000, 1010.5, 0.61)).toBe(641);
    expect(evChargeAgorot(0.1, 0.3, 0.7)).toBe(14); // no binary floating-point noise
    expect(() => evChargeAgorot(10, 9, 1)).toThrow(RangeError);
  });

  it('is within one agora of (current − previous) × price', () => {
    fc.assert(
      fc.property(counter, counter, price, (a, b, p) => {
        const [previous, current] = a <= b ? [a, b] : [b, a];
        const charge = evChargeAgorot(previous, current, p);
        expect(Number.isSafeInteger(charge) && charge >= 0).toBe(true);
        expect(Math.abs(charge - consumptionOf(previous, current) * p * 100)).toBeLessThanOrEqual(1.000001);
      }),
    );
  });

  it('loses and creates no agora however often the station is read: the readings add up to one reading over the run', () => {
    fc.assert(
      fc.property(fc.array(counter, { minLength: 2, maxLength: 12 }), price, (values, p) => {
        const positions = [...values].sort((x, y) => x - y);
        let sum = 0;
        for (let i = 1; i < positions.length; i++) sum += evChargeAgorot(positions[i - 1] ?? 0, positions[i] ?? 0, p);
        expect(sum).toBe(evChargeAgorot(positions[0] ?? 0, positions.at(-1) ?? 0, p));
      }),
    );
  });

  it('keeps the total of two readings when a correction moves kWh from one to the next', () => {
    fc.assert(
      fc.property(fc.array(counter, { minLength: 4, maxLength: 4 }), price, (values, p) => {
        const [a = 0, b = 0, c = 0, d = 0] = [...values].sort((x, y) => x - y);
        // Readings a→b→d; the middle one corrected to c: the pair still charges a→d.
        expect(evChargeAgorot(a, b, p) + evChargeAgorot(b, d, p)).toBe(evChargeAgorot(a, c, p) + evChargeAgorot(c, d, p));
      }),
    );
  });
});

describe('which readings are charged', () => {
  it('bills a charging station that belongs to an apartment, at a captured price', () => {
    expect(billsReadings({ kind: 'evCharger', apartmentId: 'a1' }, { pricePerKwh: 0.6 })).toBe(true);
    expect(billsReadings({ kind: 'evCharger', apartmentId: null }, { pricePerKwh: 0.6 })).toBe(false);
    expect(billsReadings({ kind: 'evCharger', apartmentId: 'a1' }, { pricePerKwh: null })).toBe(false);
    // An apartment's electricity counter is read, not billed by the committee (spec 1, 5: the price is for stations).
    expect(billsReadings({ kind: 'unit', apartmentId: 'a1' }, { pricePerKwh: 0.6 })).toBe(false);
  });

  it('names the charge by the month of the reading in Israel and its kWh', () => {
    // 31 Dec 23:30 UTC is already 1 January in Israel.
    expect(evChargeText({ readAt: '2026-12-31T23:30:00Z', consumption: 42 })).toEqual({
      descriptionKey: 'evCharging',
      descriptionParams: { month: '01/2027', kwh: '42' },
      description: 'EV charging 01/2027 · 42 kWh',
    });
  });
});

describe('paid from the ledger', () => {
  const charge = (openAgorot: number, pendingChecks = false) => ({ chargeId: 'r:ev', amountAgorot: 2520, openAgorot, pendingChecks });

  it('is paid once its charge is settled in full', () => {
    expect(isChargePaid(charge(0))).toBe(true);
    expect(isChargePaid(charge(20))).toBe(false);
  });

  it('freezes the reading once money is on its charge, or checks were sent for it', () => {
    expect(isChargeLocked(charge(2520))).toBe(false);
    expect(isChargeLocked(charge(1000))).toBe(true);
    expect(isChargeLocked(charge(2520, true))).toBe(true);
    expect(isChargeLocked(null)).toBe(false);
    expect(canUpdateReading({ paid: false, charge: charge(1000) })?.messageKey).toBe('paidReadingCannotBeUpdated');
    expect(canUpdateReading({ paid: false, charge: charge(2520) })).toBeNull();
    const reading = { id: 'r', paid: false, charge: charge(2520, true), readAt: '2026-12-01T10:00:00Z', current: 10 };
    expect(canDeleteReading(reading, [reading])?.messageKey).toBe('paidReadingCannotBeUpdated');
  });
});
