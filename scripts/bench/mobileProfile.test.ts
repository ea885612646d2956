import { describe, expect, it } from 'vitest';
import { formatMobileResult, kbpsToBytesPerSecond, MOBILE_PROFILE, networkConditions } from './mobileProfile';

describe('mobile profile', () => {
  it('emulates Lighthouse’s slow 4G in the bytes per second DevTools takes', () => {
    expect(kbpsToBytesPerSecond(MOBILE_PROFILE.downloadKbps)).toBeCloseTo((1.6 * 1024 * 1024) / 8);
    expect(networkConditions()).toEqual({ offline: false, latency: 150, downloadThroughput: 209_715.2, uploadThroughput: 96_000 });
    expect(MOBILE_PROFILE.cpuSlowdown).toBe(4);
  });
});

describe('mobile first-visit row', () => {
  const reference = { ms: 800, bytes: 2048, requests: 2 };

  it('prints time and bytes of each step, the static page beside /login, and meets both targets', () => {
    const out = formatMobileResult({
      login: { ms: 2000, bytes: 150 * 1024, requests: 12 },
      reference,
      dashboard: { ms: 3000, bytes: 300 * 1024, requests: 20 },
    });
    expect(out.result).toBe('/login usable 2.00 s, 150.0 KB in 12 requests · dashboard painted 3.00 s, 300.0 KB in 20 requests after the code');
    expect(out.reference).toBe('static page 0.80 s, 2.0 KB in 2 requests (800 ms)');
    expect(out.ratio).toBe('/login 2.50× the static page');
    expect(out.verdict).toBe('met');
  });

  it('misses when either step is over its target', () => {
    const login = { ms: 2000, bytes: 1, requests: 1 };
    expect(formatMobileResult({ login, reference, dashboard: { ms: 3501, bytes: 1, requests: 1 } }).verdict).toBe('missed');
    expect(formatMobileResult({ login: { ...login, ms: 2501 }, reference, dashboard: { ms: 100, bytes: 1, requests: 1 } }).verdict).toBe('missed');
  });
});
