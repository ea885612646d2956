// Asks the browser to wake the service worker for the outbox while the app is closed: Background Sync
// once signal returns, and Periodic Background Sync now and then. Both are Chromium's; elsewhere (Safari,
// Firefox) the outbox goes at the next start of the app, by the page's and the worker's start triggers.
import { PERIODIC_SYNC_TAG, SYNC_TAG } from '../sync/replay/protocol';

/** Chromium runs periodic syncs at most this often anyway (and less often for a little-used app). */
export const PERIODIC_SYNC_MIN_INTERVAL_MS = 12 * 60 * 60_000;

type BackgroundSyncRegistration = ServiceWorkerRegistration & {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: { register(tag: string, options: { minInterval: number }): Promise<void> };
};

async function registration(): Promise<BackgroundSyncRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** A `sync` event once the browser sees a network (at once when it has one). */
export async function registerBackgroundSync(): Promise<void> {
  const found = await registration().catch(() => undefined);
  await found?.sync?.register(SYNC_TAG).catch(() => undefined);
}

/** `noWorker`: no service worker is registered yet (ask again later); `unsupported`: the browser has no periodic sync. */
export type PeriodicSyncResult = 'registered' | 'refused' | 'unsupported' | 'noWorker';

/**
 * Periodic Background Sync, where the browser offers it. Chromium grants it only to an installed app
 * (and by how much it is used): anywhere else `register` is refused, which is expected, not an error.
 */
export async function registerPeriodicSync(): Promise<PeriodicSyncResult> {
  const found = await registration().catch(() => undefined);
  if (!found) return 'noWorker';
  if (!found.periodicSync) return 'unsupported';
  return found.periodicSync.register(PERIODIC_SYNC_TAG, { minInterval: PERIODIC_SYNC_MIN_INTERVAL_MS }).then(
    () => 'registered' as const,
    () => 'refused' as const,
  );
}
