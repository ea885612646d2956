/**
 * Replay triggers of the service worker (architecture.md, "Replay triggers"): Background Sync `sync`
 * events, messages from pages, and the worker's start. The engine is the same module the page runs;
 * the Web Lock makes sure only one of them replays at a time. Also the hand-over to a new version: it
 * takes over (SKIP_WAITING from a page) only holding the replay lock, so it never cuts a replay.
 */
import { whenReplayIdle } from '../src/sync/lock';
import { isPageToWorker, SYNC_TAG } from '../src/sync/protocol';
import type { ReplayReason } from '../src/sync/protocol';
import { createSyncRuntime } from '../src/sync/runtime';
import type { SyncRuntime } from '../src/sync/runtime';

export type Replay = (reason: ReplayReason) => Promise<unknown>;

let runtime: SyncRuntime | null = null;

function replayHere(reason: ReplayReason): Promise<unknown> {
  runtime ??= createSyncRuntime({ source: 'worker' });
  return runtime.replay(reason);
}

/** Resolves true once this version is activated, false if it was replaced first. */
function whenActivated(scope: ServiceWorkerGlobalScope): Promise<boolean> {
  const worker = scope.serviceWorker;
  if (!worker || worker.state === 'activated') return Promise.resolve(true);
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state !== 'activated' && worker.state !== 'redundant') return;
      worker.removeEventListener('statechange', settle);
      resolve(worker.state === 'activated');
    };
    worker.addEventListener('statechange', settle);
    settle();
  });
}

/** `replay`: the worker's own engine unless a test gives another. */
export function registerReplayTriggers(scope: ServiceWorkerGlobalScope, replayWith: Replay = replayHere): void {
  const replay = (reason: ReplayReason) => replayWith(reason).catch(() => undefined);
  // Settles once this version's request to take over has let go of the replay lock.
  let handOver: Promise<unknown> = Promise.resolve();

  scope.addEventListener('sync', (event) => {
    if (event.tag === SYNC_TAG) event.waitUntil(replay('sync-event'));
  });
  scope.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isPageToWorker(data)) return;
    if (data.type === 'replay.request') event.waitUntil(replay(data.reason));
    if (data.type === 'SKIP_WAITING') {
      // Queued behind the replay in flight (a later pass cannot overtake a queued request), and held
      // until skipWaiting() settles, so no pass of the old version starts before the switch.
      const asked = whenReplayIdle(() => scope.skipWaiting());
      handOver = asked.catch(() => undefined);
      event.waitUntil(asked);
    }
  });
  // Not in waitUntil: activation (and the fetches queued behind it) must not wait for the network.
  // Once the hand-over has let go of the lock (Chromium settles skipWaiting() only after dispatching
  // 'activate': a replay asked for here would be refused by this version's own hold, and lost) and the
  // version is activated, so the start pass stays out of the switch itself.
  scope.addEventListener('activate', () => {
    void handOver.then(() => whenActivated(scope)).then((activated) => (activated ? replay('sw-start') : undefined));
  });
  // Worker start (also after the browser killed an idle worker). A worker still installing or
  // waiting stays away from the database: its newer schema would close the running version's connections.
  if (scope.serviceWorker?.state === 'activated') void replay('sw-start');
}
