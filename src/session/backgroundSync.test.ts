// Periodic Background Sync is asked for where the browser has it; Chromium refuses it to an app that is
// not installed, and Safari has none: neither is an error, and neither stops the other triggers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PERIODIC_SYNC_TAG } from '../sync/replay/protocol';
import { PERIODIC_SYNC_MIN_INTERVAL_MS, registerPeriodicSync } from './backgroundSync';

function browserWith(registration: object | undefined): void {
  vi.stubGlobal('navigator', { serviceWorker: { getRegistration: async () => registration } });
}

afterEach(() => vi.unstubAllGlobals());

describe('periodic background sync', () => {
  it('registers the outbox tag, at most twice a day, where the browser grants it', async () => {
    const register = vi.fn(async () => undefined);
    browserWith({ periodicSync: { register } });
    expect(await registerPeriodicSync()).toBe('registered');
    expect(register).toHaveBeenCalledWith(PERIODIC_SYNC_TAG, { minInterval: PERIODIC_SYNC_MIN_INTERVAL_MS });
  });

  it('takes a refusal (Chromium, app not installed) as an answer, not an error', async () => {
    browserWith({ periodicSync: { register: async () => Promise.reject(new DOMException('Permission denied.', 'NotAllowedError')) } });
    expect(await registerPeriodicSync()).toBe('refused');
  });

  it('tells a browser without it (Safari) from a worker not registered yet', async () => {
    browserWith({});
    expect(await registerPeriodicSync()).toBe('unsupported');
    browserWith(undefined);
    expect(await registerPeriodicSync()).toBe('noWorker');
    vi.stubGlobal('navigator', {});
    expect(await registerPeriodicSync()).toBe('noWorker');
  });
});
