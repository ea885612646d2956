import { describe, expect, it } from 'vitest';
import { APP_VERSION, compareVersions, isUpdateRequired } from './appVersion';

describe('app version', () => {
  it('is 2.1.56', () => {
    expect(APP_VERSION).toBe('2.1.56');
  });
  it('compares dotted versions numerically', () => {
    expect(compareVersions('2.1.100', '2.1.56')).toBeGreaterThan(0);
    expect(compareVersions('2.1', '2.1.0')).toBe(0);
    expect(compareVersions('1.9.99', '2.0.0')).toBeLessThan(0);
  });
  it('requires an update only when the minimum exceeds the running version', () => {
    expect(isUpdateRequired('2.1.57')).toBe(true);
    expect(isUpdateRequired('2.1.56')).toBe(false);
    expect(isUpdateRequired('2.0.99')).toBe(false);
    expect(isUpdateRequired(null)).toBe(false);
    expect(isUpdateRequired('')).toBe(false);
  });
});
