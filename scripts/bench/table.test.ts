import { describe, expect, it } from 'vitest';
import { median, percentile, ratio, times } from './stats';
import { failedRow, markdownTable } from './table';
import type { BenchRow } from './table';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 95)).toBe(95);
    expect(median([5, 1, 3])).toBe(3);
    expect(percentile([], 50)).toBeNaN();
  });

  it('prints ratios and leaves a missing reference as a dash', () => {
    expect(times(ratio(3, 2))).toBe('1.50×');
    expect(times(ratio(3, 0))).toBe('—');
  });
});

describe('bench table', () => {
  const row: BenchRow = { figure: 'list query', how: 'a | b', result: 'p95 9 ms', reference: '—', ratio: '—', target: '≤ 16 ms', verdict: 'met', values: {} };

  it('prints one row per figure and escapes pipes', () => {
    const lines = markdownTable([row]).split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('a \\| b');
    expect(lines[2]).toContain('✅ met');
  });

  it('shows why a row could not be measured', () => {
    const failed = failedRow('replay', '≥ 3×', new Error('replay not exactly once: 999/1000\nstack'));
    expect(markdownTable([failed])).toContain('⚠️ replay not exactly once: 999/1000');
  });
});
