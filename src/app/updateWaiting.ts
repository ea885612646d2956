// Whether a new version of the app is installed and waiting (set by registerServiceWorker.ts, read by
// UpdatePrompt.tsx). Kept apart from the registration so the prompt does not pull workbox-window into
// the first paint's bundle.
let updateWaiting = false;
const listeners = new Set<() => void>();

export function setUpdateWaiting(value: boolean): void {
  if (updateWaiting === value) return;
  updateWaiting = value;
  for (const listener of listeners) listener();
}

/** True while a new version is installed and waiting for the page's go. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function subscribeUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the waiting worker to take over (it waits for its own replay); the page then reloads into it. */
export function activateUpdate(): void {
  void import('./registerServiceWorker').then(({ activateWaitingServiceWorker }) => activateWaitingServiceWorker());
}
