/**
 * Replay triggers of the service worker (architecture.md, "Replay triggers"): Background Sync `sync`
 * events, messages from pages, and the worker's start. The engine is the same module the page runs;
 * the Web Lock makes sure only one of them replays at a time.
 */
import { whenReplayIdle } from '../src/sync/lock';
import { isPageToWorker, SYNC_TAG } from '../src/sync/protocol';
import type { ReplayReason } from '../src/sync/protocol';
import { createSyncRuntime } from '../src/sync/runtime';
import type { SyncRuntime } from '../src/sync/runtime';

let runtime: SyncRuntime | null = null;

function replay(reason: ReplayReason): Promise<unknown> {
  runtime ??= createSyncRuntime({ source: 'worker' });
  return runtime.replay(reason).catch(() => undefined);
}

/** Activation of a new version waits for the replay lock, so it never cuts a replay in flight. */
export function skipWaitingWhenIdle(scope: ServiceWorkerGlobalScope): Promise<void> {
  return whenReplayIdle(() => scope.skipWaiting());
}

export function registerReplayTriggers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag === SYNC_TAG) event.waitUntil(replay('sync-event'));
  });
  scope.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isPageToWorker(data)) return;
    if (data.type === 'replay.request') event.waitUntil(replay(data.reason));
  });
  // Not in waitUntil: activation (and the fetches queued behind it) must not wait for the network.
  scope.addEventListener('activate', () => void replay('sw-start'));
  // Worker start (also after the browser killed an idle worker). A worker still installing or
  // waiting stays away from the database: its newer schema would close the running version's connections.
  if (scope.serviceWorker?.state === 'activated') void replay('sw-start');
}
