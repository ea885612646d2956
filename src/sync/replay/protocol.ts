// Messages between pages and the service worker (postMessage) and among all of them (BroadcastChannel).
import type { ReplayReport } from './engine';

export const SYNC_CHANNEL = 'binyan-sync';
export const SYNC_TAG = 'binyan-outbox';
/** Periodic Background Sync (Chromium, installed app only): a pass now and then while the app is closed. */
export const PERIODIC_SYNC_TAG = 'binyan-outbox-periodic';

export type ReplayReason = 'startup' | 'online' | 'visible' | 'timer' | 'enqueued' | 'manual' | 'sync-event' | 'periodic-sync' | 'sw-start' | 'login';

/**
 * Triggers that say the connection is (probably) back or the user wants it tried now: entries that
 * failed without reaching a server are retried at once (engine `connectivityRestored`). Not a new
 * local change (`enqueued`), nor the frequent worker starts and tab switches.
 */
export function restoresConnectivity(reason: ReplayReason): boolean {
  return (
    reason === 'online' ||
    reason === 'sync-event' ||
    reason === 'periodic-sync' ||
    reason === 'timer' ||
    reason === 'manual' ||
    reason === 'startup' ||
    reason === 'login'
  );
}

/**
 * Triggers that are themselves evidence of a connection (the browser's `online`, Background Sync and
 * its periodic kind, which the browser fires only with a network, a probe that reached the API, the
 * user's own retry): the engine does not second-guess them with a
 * `navigator.onLine` that may not have caught up yet (a service worker's lags behind the page's).
 */
export function confirmsConnectivity(reason: ReplayReason): boolean {
  return reason === 'online' || reason === 'sync-event' || reason === 'periodic-sync' || reason === 'timer' || reason === 'manual';
}

/** Page → service worker. */
export type PageToWorker =
  | { type: 'replay.request'; reason: ReplayReason }
  /** Activate the waiting worker; it waits until no replay is in flight. */
  | { type: 'SKIP_WAITING' };

/** Anyone → everyone, on the BroadcastChannel. */
export type SyncBroadcast =
  | { type: 'replay.status'; replaying: boolean; needsLogin: boolean; source: 'worker' | 'page' }
  | { type: 'replay.report'; report: ReplayReport; source: 'worker' | 'page' };

export type SyncMessage = PageToWorker | SyncBroadcast;

const types: ReadonlySet<string> = new Set(['replay.request', 'SKIP_WAITING', 'replay.status', 'replay.report']);

export function isSyncMessage(data: unknown): data is SyncMessage {
  return typeof data === 'object' && data !== null && 'type' in data && typeof data.type === 'string' && types.has(data.type);
}

export function isPageToWorker(data: unknown): data is PageToWorker {
  return isSyncMessage(data) && (data.type === 'replay.request' || data.type === 'SKIP_WAITING');
}

export function isBroadcast(data: unknown): data is SyncBroadcast {
  return isSyncMessage(data) && (data.type === 'replay.status' || data.type === 'replay.report');
}
