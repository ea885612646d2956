import { describe, expect, it } from 'vitest';
import { monthsOf, rangeOf } from './reportPeriod';

const now = new Date(2025, 4, 14, 10, 0); // Wednesday 14 May 2025
const choice = { year: 2025, from: '', to: '' };

describe('report periods', () => {
  it('uses the named ranges of the date helpers', () => {
    expect(rangeOf({ ...choice, period: 'thisMonth' }, now)).toEqual({ start: new Date(2025, 4, 1), end: new Date(2025, 4, 31, 23, 59, 59, 999) });
    expect(rangeOf({ ...choice, period: 'lastWeek' }, now)?.start).toEqual(new Date(2025, 4, 4));
    expect(rangeOf({ ...choice, period: 'yesterday' }, now)?.start).toEqual(new Date(2025, 4, 13));
  });

  it('covers a whole year and a custom range of local dates', () => {
    expect(rangeOf({ ...choice, period: 'year', year: 2023 }, now)).toEqual({ start: new Date(2023, 0, 1), end: new Date(2023, 11, 31, 23, 59, 59, 999) });
    expect(rangeOf({ ...choice, period: 'custom', from: '2025-02-01', to: '2025-02-10' }, now)).toEqual({
      start: new Date(2025, 1, 1),
      end: new Date(2025, 1, 10, 23, 59, 59, 999),
    });
    expect(rangeOf({ ...choice, period: 'custom', from: '2025-02-10', to: '2025-02-01' }, now)).toBeNull();
    expect(rangeOf({ ...choice, period: 'custom', from: '2025-02-10', to: '' }, now)).toBeNull();
  });

  it('splits a year into its months', () => {
    const months = monthsOf(2024);
    expect(months).toHaveLength(12);
    expect(months[1]?.end).toEqual(new Date(2024, 1, 29, 23, 59, 59, 999));
  });
});
