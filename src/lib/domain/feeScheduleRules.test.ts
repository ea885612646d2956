import { describe, expect, it } from 'vitest';
import type { FeeScheduleInput } from './feeScheduleRules.ts';
import { addMonths, agorotOfText, keptSchedule, monthlyFeeOf, periodFeeOf, periodsToBill, scheduleInEffect, validateFeeSchedule } from './feeScheduleRules.ts';

const base: FeeScheduleInput = {
  effectiveFrom: '2026-03',
  basis: 'flat',
  rateAgorot: 25_000,
  frequency: 'monthly',
  billingDay: 10,
  payer: 'owner',
  apartments: [],
};
const apt = { id: 'a1', area: 87.5 };

describe('the fee of an apartment', () => {
  it('flat: the same for every apartment', () => {
    expect(monthlyFeeOf(base, apt)).toBe(25_000);
  });
  it('by area: the rate per m² times the area, rounded half away to the agora', () => {
    expect(monthlyFeeOf({ ...base, basis: 'area', rateAgorot: 301 }, apt)).toBe(26_338); // 26337.5
    expect(monthlyFeeOf({ ...base, basis: 'area', rateAgorot: 301 }, { id: 'a1', area: null })).toBeNull();
  });
  it('by rooms: the rate per room times the rooms set for the apartment (half rooms count half)', () => {
    const s = { ...base, basis: 'rooms' as const, rateAgorot: 7_501, apartments: [{ apartmentId: 'a1', rooms: 3.5, amountAgorot: null }] };
    expect(monthlyFeeOf(s, apt)).toBe(26_254); // 26253.5
    expect(monthlyFeeOf(s, { id: 'a2', area: 90 })).toBeNull();
  });
  it('per apartment: its own amount, none when not set', () => {
    const s = { ...base, basis: 'perApartment' as const, rateAgorot: 0, apartments: [{ apartmentId: 'a1', rooms: null, amountAgorot: 31_000 }] };
    expect(monthlyFeeOf(s, apt)).toBe(31_000);
    expect(periodFeeOf(s, { id: 'a2', area: 50 })).toBeNull();
  });
  it('every two months bills two months at once', () => {
    expect(periodFeeOf({ ...base, frequency: 'bimonthly' }, apt)).toBe(50_000);
  });
  it('an amount of zero bills nothing', () => {
    expect(periodFeeOf({ ...base, basis: 'perApartment', apartments: [{ apartmentId: 'a1', rooms: null, amountAgorot: 0 }] }, apt)).toBeNull();
  });
});

describe('periods', () => {
  it('adds months across the year', () => {
    expect(addMonths('2026-11', 3)).toBe('2027-02');
    expect(addMonths('2026-01', 0)).toBe('2026-01');
  });
  it('bills each month from the first up to this month, due on the billing day (29–31 → the last day)', () => {
    const s = { ...base, id: 's', buildingId: 1, createdAt: '2026-01-01T00:00:00Z', createdBy: 'u', effectiveFrom: '2027-01', billingDay: 31 };
    expect(periodsToBill([s], '2027-04-02').map((p) => [p.period, p.dueDate])).toEqual([
      ['2027-01', '2027-01-31'],
      ['2027-02', '2027-02-28'],
      ['2027-03', '2027-03-31'],
      ['2027-04', '2027-04-30'],
    ]);
    expect(periodsToBill([s], '2026-12-31')).toEqual([]);
  });
  it('a change applies from its month on; the older schedule bills until then', () => {
    const old = {
      ...base,
      id: 'old',
      buildingId: 1,
      createdAt: '2026-01-01T00:00:00Z',
      createdBy: 'u',
      effectiveFrom: '2026-01',
      frequency: 'bimonthly' as const,
    };
    const next = { ...old, id: 'next', createdAt: '2026-02-01T00:00:00Z', effectiveFrom: '2026-04', frequency: 'monthly' as const };
    expect(periodsToBill([next, old], '2026-05-15').map((p) => `${p.period}:${p.schedule.id}`)).toEqual([
      '2026-01:old',
      '2026-03:old',
      '2026-04:next',
      '2026-05:next',
    ]);
    expect(scheduleInEffect([old, next], '2026-03')?.id).toBe('old');
    const sameMonth = { ...next, id: 'fix', createdAt: '2026-03-01T00:00:00Z' };
    expect(scheduleInEffect([old, next, sameMonth], '2026-04')?.id).toBe('fix');
  });
  it('keeps only the latest periods of a schedule started long ago', () => {
    const s = { ...base, id: 's', buildingId: 1, createdAt: '2020-01-01T00:00:00Z', createdBy: 'u', effectiveFrom: '2020-01' };
    const periods = periodsToBill([s], '2026-06-01', 24);
    expect(periods).toHaveLength(24);
    expect(periods.at(-1)?.period).toBe('2026-06');
  });
});

describe('validation', () => {
  it('accepts a valid schedule', () => {
    expect(validateFeeSchedule(base, '2026-03')).toBeNull();
  });
  it('refuses a month in the past, a bad billing day, a zero or huge rate', () => {
    expect(validateFeeSchedule(base, '2026-04')?.field).toBe('effectiveFrom');
    expect(validateFeeSchedule({ ...base, effectiveFrom: '2026-13' }, '2026-03')?.field).toBe('effectiveFrom');
    expect(validateFeeSchedule({ ...base, billingDay: 32 }, '2026-03')?.field).toBe('billingDay');
    expect(validateFeeSchedule({ ...base, rateAgorot: 0 }, '2026-03')?.field).toBe('rateAgorot');
    expect(validateFeeSchedule({ ...base, rateAgorot: 10_000_001 }, '2026-03')?.field).toBe('rateAgorot');
    expect(validateFeeSchedule({ ...base, rateAgorot: 1.5 }, '2026-03')?.field).toBe('rateAgorot');
  });
  it('per apartment and by rooms need at least one apartment set; rooms are whole or half', () => {
    expect(validateFeeSchedule({ ...base, basis: 'perApartment' }, '2026-03')?.field).toBe('apartments');
    expect(validateFeeSchedule({ ...base, basis: 'rooms', apartments: [{ apartmentId: 'a', rooms: 3.3, amountAgorot: null }] }, '2026-03')?.field).toBe(
      'rooms.a',
    );
    expect(validateFeeSchedule({ ...base, basis: 'rooms', apartments: [{ apartmentId: 'a', rooms: 3.5, amountAgorot: null }] }, '2026-03')).toBeNull();
  });
  it('reads typed NIS as agorot', () => {
    expect(agorotOfText(' 250.5 ')).toBe(25_050);
    expect(agorotOfText('2,50')).toBeNull();
  });
});

describe('what a schedule keeps', () => {
  const lines = [
    { apartmentId: 'a', rooms: 3.5, amountAgorot: 40_000 },
    { apartmentId: 'b', rooms: null, amountAgorot: 30_000 },
  ];
  const input = (basis: FeeScheduleInput['basis']): FeeScheduleInput => ({
    effectiveFrom: '2041-01',
    basis,
    rateAgorot: 5_000,
    frequency: 'monthly',
    billingDay: 10,
    payer: 'owner',
    apartments: lines,
  });

  it('keeps per-apartment lines only for the basis that reads them, with the other field cleared', () => {
    expect(keptSchedule(input('rooms')).apartments).toEqual([{ apartmentId: 'a', rooms: 3.5, amountAgorot: null }]);
    expect(keptSchedule(input('perApartment')).apartments).toEqual([
      { apartmentId: 'a', rooms: null, amountAgorot: 40_000 },
      { apartmentId: 'b', rooms: null, amountAgorot: 30_000 },
    ]);
    expect(keptSchedule(input('flat')).apartments).toEqual([]);
  });

  it('keeps no rate for amounts set per apartment', () => {
    expect(keptSchedule(input('perApartment')).rateAgorot).toBe(0);
    expect(keptSchedule(input('area')).rateAgorot).toBe(5_000);
  });
});
