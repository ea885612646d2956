import { describe, expect, it } from 'vitest';
import { csvAmount, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, ends lines with CRLF and starts with a BOM', () => {
    expect(
      toCsv([
        ['תאריך', 'תיאור'],
        ['2026-01-05', 'ניקיון, לובי "ראשי"'],
        ['x', 'a\nb'],
      ]),
    ).toBe('\uFEFFתאריך,תיאור\r\n2026-01-05,"ניקיון, לובי ""ראשי"""\r\nx,"a\nb"\r\n');
  });

  it('never lets a cell start a formula, but keeps negative numbers as numbers', () => {
    expect(toCsv([['=SUM(A1)', '+1', '@x', -5]])).toBe("\uFEFF'=SUM(A1),'+1,'@x,-5\r\n");
  });

  it('writes agorot as shekels with two decimals', () => {
    expect([csvAmount(1234), csvAmount(5), csvAmount(-5), csvAmount(0), csvAmount(100_000)]).toEqual(['12.34', '0.05', '-0.05', '0.00', '1000.00']);
  });
});
