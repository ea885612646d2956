// Background Sync is not in TypeScript's lib (Chromium ships it; others may not, so members are optional where it matters).

interface SyncManager {
  getTags(): Promise<string[]>;
  register(tag: string): Promise<void>;
}

interface SyncEvent extends ExtendableEvent {
  readonly lastChance: boolean;
  readonly tag: string;
}

interface ServiceWorkerGlobalScopeEventMap {
  sync: SyncEvent;
}

interface ServiceWorkerRegistration {
  readonly sync?: SyncManager;
}

// Periodic Background Sync (Chromium, for an installed app whose permission the browser granted).
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

interface ServiceWorkerGlobalScopeEventMap {
  periodicsync: PeriodicSyncEvent;
}
