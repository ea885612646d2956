import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agorotOf, allocateAgorot, nisOf, percentOfAgorot, sumAgorot } from './agorot';
import { acceptsRecurring, quoteCardPayment } from './clearingFee';
import type { ClearingFeeSettings } from './clearingFee';
import { israelVatTable, vatInGross, vatOnNet, vatRateOn } from './vat';

const settings: ClearingFeeSettings = {
  fixedAgorot: 150,
  percentBasisPoints: 120,
  vat: 'added',
  foreignCardFixedAgorot: 300,
  dinersAmexPercentBasisPoints: 300,
};

describe('agorot', () => {
  it('turns NIS into whole agorot without binary floating-point surprises', () => {
    expect(agorotOf(1.005)).toBe(101);
    expect(agorotOf(0.1 + 0.2)).toBe(30);
    expect(agorotOf(1234.56)).toBe(123456);
    expect(agorotOf(-2.345)).toBe(-235);
    expect(nisOf(123456)).toBe(1234.56);
    expect(() => sumAgorot([1, 2.5])).toThrow(RangeError);
    expect(() => agorotOf(Number.NaN)).toThrow(RangeError);
  });

  it('rounds a percent half away from zero to the agora', () => {
    expect(percentOfAgorot(1000, 125)).toBe(13); // 12.5 → 13
    expect(percentOfAgorot(-1000, 125)).toBe(-13);
    expect(percentOfAgorot(333, 1800)).toBe(60); // 59.94
  });

  it('allocates a total over weights in whole agorot that add up exactly', () => {
    expect(allocateAgorot(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateAgorot(7, [0, 0])).toEqual([7, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 20 }),
        (total, weights) => {
          const parts = allocateAgorot(total, weights);
          expect(parts.reduce((s, p) => s + p, 0)).toBe(total);
          expect(parts.every((p) => Number.isInteger(p) && p >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe('VAT from a dated table', () => {
  it('takes 17 % until 31 December 2024 and 18 % from 1 January 2025', () => {
    expect(vatRateOn('2024-12-31')).toBe(1700);
    expect(vatRateOn('2025-01-01')).toBe(1800);
    expect(vatRateOn('2026-11-24')).toBe(1800);
    expect(() => vatRateOn('2000-01-01')).toThrow(RangeError);
    expect(() => vatRateOn('24/11/2026')).toThrow(RangeError);
  });

  it('reads a new rate as one more row, in any order', () => {
    const table = [{ from: '2027-07-01', basisPoints: 1900 }, ...israelVatTable];
    expect(vatRateOn('2027-06-30', table)).toBe(1800);
    expect(vatRateOn('2027-07-01', table)).toBe(1900);
  });

  it('splits a gross amount into net and VAT that add back up', () => {
    expect(vatOnNet(10_000, 1800)).toBe(1800);
    expect(vatInGross(11_800, 1800)).toBe(1800);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(1700, 1800), (gross, rate) => {
        const vat = vatInGross(gross, rate);
        expect(Math.abs(vatOnNet(gross - vat, rate) - vat)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('clearing fee', () => {
  it('charges fixed + percent, plus VAT, and an extra fixed fee for a foreign card', () => {
    const local = quoteCardPayment([50_000, 25_050], 'local', settings, 1800);
    expect(local).toMatchObject({ subtotal: 75_050, feeNet: 150 + 901, feeVat: 189, total: 75_050 + 1051 + 189 });
    const foreign = quoteCardPayment([50_000, 25_050], 'foreign', settings, 1800);
    expect(foreign.feeNet).toBe(local.feeNet + 300);
  });

  it('takes the Diners/Amex percent, always plus VAT, and no Amex for a recurring charge', () => {
    const amex = quoteCardPayment([10_000], 'amex', { ...settings, vat: 'included' }, 1700);
    expect(amex).toMatchObject({ feeNet: 150 + 300, feeVat: 77, total: 10_000 + 450 + 77 });
    expect(acceptsRecurring('amex')).toBe(false);
    expect(acceptsRecurring('diners')).toBe(true);
  });

  it('keeps the VAT inside the fee when the building says it is included', () => {
    const q = quoteCardPayment([10_000], 'local', { ...settings, vat: 'included' }, 1800);
    expect(q.feeNet + q.feeVat).toBe(150 + 120);
    expect(q.total).toBe(10_000 + 270);
  });

  it('always adds up: lines + fee + VAT = total, in whole agorot', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom('local', 'foreign', 'diners', 'amex' as const),
        fc.record({
          fixedAgorot: fc.integer({ min: 0, max: 2000 }),
          percentBasisPoints: fc.integer({ min: 0, max: 500 }),
          vat: fc.constantFrom('added', 'included' as const),
          foreignCardFixedAgorot: fc.integer({ min: 0, max: 2000 }),
          dinersAmexPercentBasisPoints: fc.integer({ min: 0, max: 600 }),
        }),
        fc.constantFrom(1700, 1800),
        (lines, card, s, rate) => {
          const q = quoteCardPayment(lines, card, s, rate);
          expect(q.subtotal).toBe(lines.reduce((a, b) => a + b, 0));
          expect(q.total).toBe(q.subtotal + q.feeNet + q.feeVat);
          for (const v of [q.subtotal, q.feeNet, q.feeVat, q.total]) expect(Number.isSafeInteger(v)).toBe(true);
          expect(q.feeVat).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
