import { describe, expect, it } from 'vitest';
import { formatNis, formatNumber } from './money';

describe('money and number formats', () => {
  it('formats NIS with the shekel sign', () => {
    expect(formatNis(1234.5, 'en')).toMatch(/₪\s?1,234\.5/);
    expect(formatNis(1234.5, 'he')).toContain('₪');
    expect(formatNis(1234.5, 'he')).toContain('1,234.5');
  });
  it('formats a plain number', () => {
    expect(formatNumber(1234567.891, 'en')).toBe('1,234,567.89');
    expect(formatNumber(3, 'ru')).toBe('3');
  });
});
