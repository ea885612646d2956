// The browser's own install prompt: kept when `beforeinstallprompt` fires (listened to from the first
// script, main.tsx) so the menu can offer "Install the app" later; gone once used or installed.
import { useSyncExternalStore } from 'react';

type InstallChoice = { outcome: 'accepted' | 'dismissed'; platform: string };
/** Not in the DOM typings: Chromium's event (https://developer.mozilla.org/docs/Web/API/BeforeInstallPromptEvent). */
export type BeforeInstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<InstallChoice> };

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function set(next: BeforeInstallPromptEvent | null): void {
  deferred = next;
  for (const listener of listeners) listener();
}

export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away: the menu offers the install at a time the user chooses.
    event.preventDefault();
    set(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => set(null));
}

export function canInstall(): boolean {
  return deferred !== null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCanInstall(): boolean {
  return useSyncExternalStore(subscribe, canInstall, () => false);
}

/** Shows the browser's prompt once; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  set(null);
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
