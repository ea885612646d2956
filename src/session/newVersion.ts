// The daily forced reload (spec §4) must run the new version: a plain reload keeps the old service
// worker in control while a new one waits. So: look for an update, let the page's replay finish,
// tell the waiting worker to take over (SKIP_WAITING), and reload once it controls the page.
import type { PageToWorker } from '../sync/replay/protocol';
import { getSyncStatus, subscribeSyncStatus } from './syncStore';

const INSTALL_TIMEOUT_MS = 15_000;
const TAKEOVER_TIMEOUT_MS = 10_000;

function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    void promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}

/** Resolves when no replay runs on this page. */
export function whenPageReplayIdle(): Promise<void> {
  if (!getSyncStatus().replaying) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = subscribeSyncStatus(() => {
      if (getSyncStatus().replaying) return;
      unsubscribe();
      resolve();
    });
  });
}

function installed(worker: ServiceWorker | null): Promise<ServiceWorker | null> {
  if (!worker) return Promise.resolve(null);
  if (worker.state === 'installed') return Promise.resolve(worker);
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed') resolve(worker);
      if (worker.state === 'redundant') resolve(null);
    });
  });
}

/** Activates a waiting (or just found) new version, then reloads the page into it. */
export async function reloadIntoNewVersion(): Promise<void> {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  const registration = container ? await within(container.getRegistration(), TAKEOVER_TIMEOUT_MS, undefined) : undefined;
  if (container && registration) {
    await within(registration.update(), INSTALL_TIMEOUT_MS, undefined);
    const waiting = registration.waiting ?? (await within(installed(registration.installing), INSTALL_TIMEOUT_MS, null));
    if (waiting && container.controller) {
      await whenPageReplayIdle();
      const takenOver = new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
      const message: PageToWorker = { type: 'SKIP_WAITING' };
      waiting.postMessage(message);
      await within(takenOver, TAKEOVER_TIMEOUT_MS, undefined);
    }
  }
  window.location.reload();
}
