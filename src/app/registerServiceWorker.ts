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
  // Also fired at start when a version was already waiting (wasWaitingBeforeRegister).
  workbox.addEventListener('waiting', () => setUpdateWaiting(true));
  // After an update takes over, reload once so the page runs the code the new worker precached.
  workbox.addEventListener('controlling', (event) => {
    setUpdateWaiting(false);
    if (event.isUpdate) window.location.reload();
    else keepLanguagePack();
  });
  void workbox.register().then(() => {
    if (navigator.serviceWorker.controller) keepLanguagePack();
  });
  return workbox;
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
