import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay } from './backoff';

describe('backoffDelay (full jitter)', () => {
  it('grows exponentially from 1 s and never exceeds 5 minutes', () => {
    const max = () => 0.999999;
    expect(backoffDelay(1, null, max)).toBe(999);
    expect(backoffDelay(2, null, max)).toBe(1_999);
    expect(backoffDelay(5, null, max)).toBe(15_999);
    expect(backoffDelay(50, null, max)).toBe(BACKOFF_CAP_MS - 1);
  });

  it('is uniformly random between 0 and the ceiling', () => {
    expect(backoffDelay(4, null, () => 0)).toBe(0);
    expect(backoffDelay(4, null, () => 0.5)).toBe(4_000);
    const samples = Array.from({ length: 200 }, () => backoffDelay(3));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...samples)).toBeLessThan(4_000);
    expect(new Set(samples).size).toBeGreaterThan(50);
  });

  it('waits at least Retry-After', () => {
    expect(backoffDelay(1, 30_000, () => 0.5)).toBe(30_000);
    expect(backoffDelay(12, 1_000, () => 0.5)).toBe(BACKOFF_CAP_MS / 2);
  });
});
