// Registers the service worker (production builds only; see main.tsx). A new version waits until
// `activateWaitingServiceWorker()` is called, which the sync layer does only with no replay in flight.
import { Workbox } from 'workbox-window';

let workbox: Workbox | null = null;

export function registerServiceWorker(scriptUrl = '/sw.js'): Workbox | null {
  if (workbox || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return workbox;
  workbox = new Workbox(scriptUrl);
  // After an update takes over, reload once so the page runs the code the new worker precached.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  void workbox.register();
  return workbox;
}

/** Sends `{ type: 'SKIP_WAITING' }` to a waiting worker, if there is one. */
export function activateWaitingServiceWorker(): void {
  workbox?.messageSkipWaiting();
}
