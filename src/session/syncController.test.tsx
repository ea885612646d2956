// The browser's `online` event starts a replay only once a probe reaches the API: a signal that comes
// and goes in a stairwell (or a captive portal) must not cost the waiting changes an attempt each.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReplayReason } from '../sync/replay/protocol';

const replayed: Array<ReplayReason | undefined> = [];
vi.mock('../sync/replay/runtime', () => ({
  createSyncRuntime: () => ({
    replay: async (reason?: ReplayReason) => {
      replayed.push(reason);
      return { ran: false, applied: 0, attempted: 0, needsLogin: false, remaining: 0, attention: 0, nextWakeAt: null };
    },
    engine: { isReplaying: () => false },
    close: () => undefined,
  }),
}));

const { startSync } = await import('./syncController');

const healthy = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the online trigger', () => {
  let stop = () => {};
  beforeEach(() => {
    replayed.length = 0;
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('replays after `online` when the API answers, and not when it does not', async () => {
    const probe = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', probe);
    stop = startSync().stop;
    await until(() => replayed.includes('startup'));

    window.dispatchEvent(new Event('online'));
    await until(() => probe.mock.calls.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(String(probe.mock.calls[0]?.[0])).toContain('/api/health');
    expect(replayed).not.toContain('online');

    probe.mockImplementation(() => Promise.resolve(healthy()));
    window.dispatchEvent(new Event('online'));
    await until(() => replayed.includes('online'));
    expect(replayed.filter((reason) => reason === 'online')).toHaveLength(1);
  });
});
