// Registers the service worker (production builds only; see main.tsx). A new version waits until
// `activateWaitingServiceWorker()` is called: the update prompt (UpdatePrompt.tsx) does it when the
// user chooses to reload and no replay is running; the worker itself also waits for its own replay.
import { Workbox } from 'workbox-window';
import { storedLanguage } from '../i18n/i18n';
import { isLanguagePack } from '../i18n/languagePacks';
import { setUpdateWaiting } from './updateWaiting';

let workbox: Workbox | null = null;

export function registerServiceWorker(scriptUrl = '/sw.js'): Workbox | null {
  if (workbox || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return workbox;
  workbox = new Workbox(scriptUrl);
  const container = navigator.serviceWorker;
  // Workbox's own events follow only the first update found within a minute of registering, and call a
  // takeover an update only when a worker already controlled the page at registration: a first visit
  // left open, or an app open for days, would then never offer (or reload into) a later version. So the
  // registration's own events are heard here, for every update of this document's life.
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    setUpdateWaiting(false);
    // After an update takes over, reload once so the page runs the code the new worker precached.
    if (controlled) void whenActivated(container.controller).then(() => window.location.reload());
    else keepLanguagePack();
    controlled = true;
  });
  void workbox.register().then((registration) => {
    if (container.controller) keepLanguagePack();
    if (registration) offerWaitingVersions(registration);
  });
  return workbox;
}

/** Says whether a new version waits behind the one in control, now and after every update found. */
function offerWaitingVersions(registration: ServiceWorkerRegistration): void {
  const look = () => setUpdateWaiting(registration.waiting !== null && navigator.serviceWorker.controller !== null);
  look();
  registration.addEventListener('updatefound', () => registration.installing?.addEventListener('statechange', look));
}

/**
 * Resolves once `worker` has finished activating. The new worker claims this page from its `activate`
 * event; a reload sent then waits on that activation, and Chromium has been seen to lose it there when
 * the worker restarts (the page never loads again). Reloading after activation avoids the window.
 */
export function whenActivated(worker: ServiceWorker | null): Promise<void> {
  if (!worker || worker.state !== 'activating') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      if (worker.state === 'activating') return;
      worker.removeEventListener('statechange', settle);
      resolve();
    };
    worker.addEventListener('statechange', settle);
  });
}

/**
 * Asks the worker to keep the whole pack of the language in use (sw/onDemand.ts): one picked before the
 * worker controlled the page loaded past it, and an update installed offline left it behind.
 */
function keepLanguagePack(): void {
  const language = storedLanguage();
  if (isLanguagePack(language)) navigator.serviceWorker.controller?.postMessage({ type: 'KEEP_LANGUAGE_PACK', language });
}

/** Sends `{ type: 'SKIP_WAITING' }` to a waiting worker, if there is one. */
export function activateWaitingServiceWorker(): void {
  workbox?.messageSkipWaiting();
}
