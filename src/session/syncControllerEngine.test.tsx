// A page without a service worker replays itself, but loads the engine only with the first change to
// send (issue 28): a signed-in start with an empty outbox does not carry it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReplayReason } from '../sync/replay/protocol';

const state = { pending: 0, runtimes: 0, replayed: [] as Array<ReplayReason | undefined> };

vi.mock('../sync/replay/runtime', () => ({
  createSyncRuntime: () => {
    state.runtimes += 1;
    return {
      replay: async (reason?: ReplayReason) => {
        state.replayed.push(reason);
        return { ran: false, applied: 0, attempted: 0, needsLogin: false, remaining: 0, attention: 0, nextWakeAt: null };
      },
      engine: { isReplaying: () => false },
      close: () => undefined,
    };
  },
}));
const writeListeners = new Set<() => void>();
vi.mock('../sync/write/outbox', () => ({ pendingCountFor: async () => state.pending }));
vi.mock('../sync/write/outboxEvents', () => ({
  subscribeOutboxWrites: (listener: () => void) => {
    writeListeners.add(listener);
    return () => writeListeners.delete(listener);
  },
}));
vi.mock('../db/sessionVault', () => ({
  isLoggedIn: () => true,
  sessionVault: () => ({
    loadSession: async () => ({ loggedIn: true, sessionToken: 't', compID: 7, userName: 'avi' }),
    subscribe: () => () => undefined,
  }),
}));

const { startSync } = await import('./syncController');
const { getSyncStatus } = await import('./syncStore');

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('the page’s own replay', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('does not load the engine while the outbox is empty, and loads it for the first change', async () => {
    stop = startSync().stop;
    await until(() => getSyncStatus().userKey !== null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.runtimes).toBe(0);

    state.pending = 1;
    for (const listener of writeListeners) listener();
    await until(() => state.replayed.includes('enqueued'));
    expect(state.runtimes).toBe(1);
  });
});
