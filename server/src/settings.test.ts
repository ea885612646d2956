import { describe, expect, it } from 'vitest';
import { usageLimitsFrom } from './settings.ts';

describe('USAGE_LIMITS', () => {
  it('replaces the named limits and leaves the rest to the defaults', () => {
    expect(usageLimitsFrom(undefined)).toEqual({});
    expect(usageLimitsFrom(' ')).toEqual({});
    expect(usageLimitsFrom('{"codeSendsPerPhone":{"max":8,"windowMs":3600000}}')).toEqual({ codeSendsPerPhone: { max: 8, windowMs: 3_600_000 } });
  });

  it('stops at a name that is no limit, a number that is not a positive whole one, or broken JSON', () => {
    expect(() => usageLimitsFrom('{"codeSendsPerPhon":{"max":8,"windowMs":1000}}')).toThrow(/codeSendsPerPhon/);
    expect(() => usageLimitsFrom('{"codeSendsPerPhone":{"max":0,"windowMs":1000}}')).toThrow();
    expect(() => usageLimitsFrom('{"codeSendsPerPhone":{"max":2.5,"windowMs":1000}}')).toThrow();
    expect(() => usageLimitsFrom('{"toString":{"max":1,"windowMs":1000}}')).toThrow(/toString/);
    expect(() => usageLimitsFrom('{')).toThrow();
  });
});
