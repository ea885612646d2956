import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPLAY_LOCK, replayLock } from '../src/sync/lock';
import type { ReplayReason } from '../src/sync/protocol';
import { fakeWebLocks } from '../src/sync/testing/fakeWebLocks';
import { registerReplayTriggers } from './replayTriggers';

class FakeExtendableEvent extends Event {
  readonly extensions: Promise<unknown>[] = [];
  constructor(
    type: string,
    readonly data?: unknown,
  ) {
    super(type);
  }
  waitUntil(promise: Promise<unknown>): void {
    this.extensions.push(promise);
  }
}

/**
 * A waiting worker's global scope as Chromium runs it: skipWaiting() dispatches 'activate' and settles
 * then (the worker is 'activating'); it is 'activated' once the activate event's waitUntil settled.
 */
function waitingWorker() {
  const target = new EventTarget();
  const worker = Object.assign(new EventTarget(), { state: 'installed' as ServiceWorkerState });
  const scope = Object.assign(target, {
    serviceWorker: worker,
    skipWaiting: async () => {
      worker.state = 'activating';
      const activate = new FakeExtendableEvent('activate');
      target.dispatchEvent(activate);
      void Promise.all(activate.extensions).then(() => {
        worker.state = 'activated';
        worker.dispatchEvent(new Event('statechange'));
      });
    },
  });
  const dispatch = async (event: FakeExtendableEvent) => {
    target.dispatchEvent(event);
    await Promise.all(event.extensions);
  };
  return { scope: scope as unknown as ServiceWorkerGlobalScope, worker, dispatch };
}

afterEach(() => vi.unstubAllGlobals());

describe('replay triggers of the service worker', () => {
  it("takes over only holding the replay lock, then runs the new version's start replay once activated (not refused by its own hand-over)", async () => {
    const locks = fakeWebLocks();
    vi.stubGlobal('navigator', { locks });
    const { scope, worker, dispatch } = waitingWorker();
    const lock = replayLock();
    const passes: Array<{ reason: ReplayReason; ran: boolean; state: ServiceWorkerState }> = [];
    let heldAtTakeOver = false;
    const skipWaiting = scope.skipWaiting.bind(scope);
    scope.skipWaiting = async () => {
      heldAtTakeOver = (await locks.query()).held.some((held) => held.name === REPLAY_LOCK);
      return skipWaiting();
    };
    registerReplayTriggers(scope, async (reason) => {
      const pass = await lock(async () => undefined);
      passes.push({ reason, ran: pass.acquired, state: worker.state });
    });

    await dispatch(new FakeExtendableEvent('message', { type: 'SKIP_WAITING' }));
    expect(heldAtTakeOver).toBe(true);
    await vi.waitFor(() => expect(passes).toEqual([{ reason: 'sw-start', ran: true, state: 'activated' }]));
  });
});
