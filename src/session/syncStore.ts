// What the app bar and the Sync screen show about the replayer: connectivity, replay in progress,
// re-login needed, the last report. Fed by the sync controller; read with useSyncStatus().
import { useSyncExternalStore } from 'react';
import type { ReplayReport } from '../sync/replay/engine';

export type SyncStatus = {
  online: boolean;
  replaying: boolean;
  needsLogin: boolean;
  userKey: string | null;
  lastReport: ReplayReport | null;
  lastReplayAt: string | null;
};

let state: SyncStatus = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  replaying: false,
  needsLogin: false,
  userKey: null,
  lastReport: null,
  lastReplayAt: null,
};
const listeners = new Set<() => void>();

export function getSyncStatus(): SyncStatus {
  return state;
}

export function setSyncStatus(patch: Partial<SyncStatus>): void {
  const next = { ...state, ...patch };
  if (Object.keys(patch).every((k) => Object.is(next[k as keyof SyncStatus], state[k as keyof SyncStatus]))) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeSyncStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}
