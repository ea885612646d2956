/**
 * Replay triggers of the service worker (architecture.md, "Replay triggers"): Background Sync `sync`
 * events and their periodic kind, messages from pages, and the worker's start. The engine is the same
 * module the page runs; the Web Lock makes sure only one of them replays at a time.
 */
import type { ReplayReport } from '../src/sync/replay/engine';
import { whenReplayIdle } from '../src/sync/replay/lock';
import { isPageToWorker, PERIODIC_SYNC_TAG, SYNC_TAG } from '../src/sync/replay/protocol';
import type { ReplayReason } from '../src/sync/replay/protocol';
import { createSyncRuntime } from '../src/sync/replay/runtime';
import type { SyncRuntime } from '../src/sync/replay/runtime';

export type Replay = (reason: ReplayReason) => Promise<ReplayReport>;

/** A background pass ended with changes a later try can still send (network, 5xx, 429, timeouts). */
export class ChangesStillWaiting extends Error {}

const waitForReplayIdle = () => whenReplayIdle(async () => undefined);

/**
 * One Background Sync pass. It rejects while changes are still waiting to be sent, so the browser
 * tries again later with its own backoff (Chromium: a few times, minutes apart); it resolves when the
 * outbox is empty or what is left waits for the user (an entry that needs attention and what is held
 * behind it, or a sign-in), which no retry could send.
 */
export async function backgroundSyncPass(replay: Replay, waitForIdle: () => Promise<void> = waitForReplayIdle): Promise<ReplayReport> {
  let report = await replay('sync-event');
  if (!report.ran && !report.needsLogin) {
    // A page holds the lock: judge by a pass of this worker once it lets go (the page may close before it ends).
    await waitForIdle();
    report = await replay('sync-event');
  }
  if (report.needsLogin) return report;
  if (!report.ran) throw new ChangesStillWaiting('another replayer holds the outbox');
  const retryable = report.remaining - report.held;
  if (retryable > 0) throw new ChangesStillWaiting(`${retryable} changes still waiting`);
  return report;
}

let runtime: SyncRuntime | null = null;

function workerReplay(reason: ReplayReason): Promise<ReplayReport> {
  runtime ??= createSyncRuntime({ source: 'worker' });
  return runtime.replay(reason);
}

/** A pass nobody waits on: what it leaves is picked up by the next trigger. */
function quietly(replay: Replay, reason: ReplayReason): Promise<unknown> {
  return replay(reason).catch(() => undefined);
}

/** Activation of a new version waits for the replay lock, so it never cuts a replay in flight. */
export function skipWaitingWhenIdle(scope: ServiceWorkerGlobalScope): Promise<void> {
  return whenReplayIdle(() => scope.skipWaiting());
}

/** What the triggers use of the worker's global scope (a test hands in a stand-in). */
export type TriggerScope = Pick<ServiceWorkerGlobalScope, 'addEventListener'> & { serviceWorker?: Pick<ServiceWorker, 'state'> };

export function registerReplayTriggers(scope: TriggerScope, replay: Replay = workerReplay): void {
  scope.addEventListener('sync', (event) => {
    if (event.tag === SYNC_TAG) event.waitUntil(backgroundSyncPass(replay));
  });
  // Chromium fires it for an installed app at most every 12 hours or so; a failure simply waits for the next one.
  scope.addEventListener('periodicsync', (event) => {
    if (event.tag === PERIODIC_SYNC_TAG) event.waitUntil(quietly(replay, 'periodic-sync'));
  });
  scope.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isPageToWorker(data)) return;
    if (data.type === 'replay.request') event.waitUntil(quietly(replay, data.reason));
  });
  // Not in waitUntil: activation (and the fetches queued behind it) must not wait for the network.
  scope.addEventListener('activate', () => void quietly(replay, 'sw-start'));
  // Worker start (also after the browser killed an idle worker, and where there is no Background Sync:
  // Safari and Firefox replay when the app is next opened). A worker still installing or waiting stays
  // away from the database: its newer schema would close the running version's connections.
  if (scope.serviceWorker?.state === 'activated') void quietly(replay, 'sw-start');
}
