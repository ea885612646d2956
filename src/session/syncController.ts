// Page side of the replay triggers: start-up, `online`, `visibilitychange`, new entries, and a timer
// with a reachability probe while entries wait. The service worker replays when it controls the
// page; otherwise this page runs the same engine itself (the Web Lock keeps it to one replayer).
import { sessionVault, isLoggedIn } from '../db/sessionVault';
import { subscribeOutboxWrites } from '../sync/write/outboxEvents';
import type { ReplayReport } from '../sync/replay/engine';
import { pendingCountFor } from '../sync/write/outbox';
import { isBroadcast, SYNC_CHANNEL } from '../sync/replay/protocol';
import type { PageToWorker, ReplayReason } from '../sync/replay/protocol';
import type { SyncRuntime } from '../sync/replay/runtime';
import { userKeyOf } from '../sync/write/userKey';
import { registerBackgroundSync, registerPeriodicSync } from './backgroundSync';
import { getSyncStatus, setSyncStatus } from './syncStore';

const PROBE_PATH = '/api/health';
const PROBE_TIMEOUT_MS = 5_000;
const IDLE_CHECK_MS = 30_000;
const MIN_TIMER_MS = 1_000;

export type SyncController = { requestReplay(reason: ReplayReason): void; stop(): void };

let active: SyncController | null = null;

/** Is the API reachable (not just "online": basements report online with no route out)? */
export async function probeReachable(baseUrl = ''): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(`${baseUrl}${PROBE_PATH}`, { cache: 'no-store', signal: controller.signal });
    const type = response.headers.get('Content-Type') ?? '';
    return response.ok && type.includes('json');
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function controllerWorker(): ServiceWorker | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
}

export function startSync(options: { baseUrl?: string } = {}): SyncController {
  if (active) return active;
  let runtime: SyncRuntime | null = null;
  let runtimeLoading: Promise<SyncRuntime> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SYNC_CHANNEL);
  const vault = sessionVault();

  function schedule(report: ReplayReport | null, delayMs?: number): void {
    clearTimeout(timer);
    if (stopped) return;
    const wait = delayMs ?? (report?.nextWakeAt ? Math.max(MIN_TIMER_MS, report.nextWakeAt - Date.now()) : IDLE_CHECK_MS);
    timer = setTimeout(() => void onTimer(), wait);
  }

  // Asked once the worker is registered (a first sign-in may come before it); the answer holds for the page's life.
  let periodicAnswered = false;
  function askPeriodicSync(): void {
    if (periodicAnswered) return;
    void registerPeriodicSync().then((result) => (periodicAnswered ||= result !== 'noWorker'));
  }

  const reachable = () => probeReachable(options.baseUrl ? new URL(options.baseUrl, location.href).origin : '');

  async function onTimer(): Promise<void> {
    const { userKey } = getSyncStatus();
    const pending = userKey ? await pendingCountFor(userKey) : 0;
    if (pending === 0) return schedule(null);
    if (await reachable()) requestReplay('timer');
    else schedule(null);
  }

  function onReport(report: ReplayReport): void {
    setSyncStatus({ lastReport: report, needsLogin: report.needsLogin, lastReplayAt: new Date().toISOString() });
    schedule(report);
  }

  function requestReplay(reason: ReplayReason): void {
    if (stopped) return;
    const worker = controllerWorker();
    if (worker) {
      worker.postMessage({ type: 'replay.request', reason } satisfies PageToWorker);
      schedule(null);
      return;
    }
    if (runtime) {
      replayHere(runtime, reason);
      return;
    }
    // The engine loads with the first change to send (issue 28): a page whose outbox is empty has
    // nothing to replay, and its start does not carry the engine.
    void nothingToSend().then(
      (nothing) => (nothing ? schedule(null) : pageRuntime().then((loaded) => replayHere(loaded, reason))),
      () => schedule(null, IDLE_CHECK_MS),
    );
  }

  async function nothingToSend(): Promise<boolean> {
    const { userKey } = getSyncStatus();
    return userKey !== null && (await pendingCountFor(userKey)) === 0;
  }

  function pageRuntime(): Promise<SyncRuntime> {
    runtimeLoading ??= import('../sync/replay/runtime').then(({ createSyncRuntime }) => {
      runtime = createSyncRuntime({ source: 'page', ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
      if (stopped) runtime.close();
      return runtime;
    });
    return runtimeLoading;
  }

  function replayHere(loaded: SyncRuntime, reason: ReplayReason): void {
    if (stopped) return;
    setSyncStatus({ replaying: true });
    loaded
      .replay(reason)
      .then((report) => (report.ran ? onReport(report) : schedule(null)))
      .catch(() => schedule(null, IDLE_CHECK_MS))
      .finally(() => setSyncStatus({ replaying: loaded.engine.isReplaying() }));
  }

  async function refreshUser(): Promise<void> {
    const s = await vault.loadSession();
    const userKey = isLoggedIn(s) && s.compID !== null ? await userKeyOf(s.compID, s.userName) : null;
    const before = getSyncStatus().userKey;
    setSyncStatus({ userKey, ...(userKey ? { needsLogin: false } : {}) });
    if (userKey && userKey !== before) {
      requestReplay('login');
      askPeriodicSync();
    }
  }

  // `online` says an interface came up, not that the server answers (a flapping signal in a stairwell, a
  // captive portal): the replay goes once a probe reaches the API, so a false alarm costs no attempt.
  // The timer probes again later.
  const onOnline = () => {
    setSyncStatus({ online: true });
    void reachable().then((yes) => (yes ? requestReplay('online') : schedule(null)));
  };
  const onOffline = () => setSyncStatus({ online: false });
  const onVisible = () => {
    if (document.visibilityState === 'visible') requestReplay('visible');
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  document.addEventListener('visibilitychange', onVisible);
  channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (!isBroadcast(data)) return;
    if (data.type === 'replay.status') setSyncStatus({ replaying: data.replaying, needsLogin: data.needsLogin });
    else onReport(data.report);
  });
  const unsubscribeWrites = subscribeOutboxWrites(() => {
    void registerBackgroundSync();
    askPeriodicSync();
    requestReplay('enqueued');
  });
  const unsubscribeSession = vault.subscribe(() => void refreshUser());

  void refreshUser().then(() => requestReplay('startup'));

  active = {
    requestReplay,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      unsubscribeWrites();
      unsubscribeSession();
      channel?.close();
      runtime?.close();
      active = null;
    },
  };
  return active;
}

/** The manual "sync now" of the Sync screen. */
export function requestReplayNow(): void {
  active?.requestReplay('manual');
}
