// The browser's install offer (Chromium's `beforeinstallprompt`) arrives once, early, whatever screen
// is open: it is kept here for the menu's "Install the app" and the install screen's button. Safari has no such event; the screen
// then shows the "Add to Home Screen" instructions instead.
import { useSyncExternalStore } from 'react';

type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let offered: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function listenForInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away: the app offers the install at a time the user chooses.
    event.preventDefault();
    offered = event as InstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    installed = true;
    offered = null;
    notify();
  });
}

export type InstallState = 'installed' | 'offered' | 'unavailable';

function snapshot(): InstallState {
  if (installed || (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches)) return 'installed';
  return offered ? 'offered' : 'unavailable';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot,
    () => 'unavailable',
  );
}

export function canInstall(): boolean {
  return offered !== null;
}

export function useCanInstall(): boolean {
  return useInstallState() === 'offered';
}

/** Shows the browser's install dialog; true when the user installed. */
export async function promptInstall(): Promise<boolean> {
  const event = offered;
  if (!event) return false;
  offered = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}
