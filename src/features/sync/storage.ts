// Storage the outbox lives in: ask for persistence at login, warn before quota bites.
export const LOW_STORAGE_FRACTION = 0.1;
export const LOW_STORAGE_BYTES = 50 * 1024 * 1024;

/** Asks the browser not to evict our data under pressure; true when granted (or already persisted). */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted?.()) || (await storage.persist());
  } catch {
    return false;
  }
}

export type StorageReport = { usage: number; quota: number; free: number; low: boolean; persisted: boolean };

export function isLowStorage(usage: number, quota: number): boolean {
  if (quota <= 0) return false;
  const free = Math.max(0, quota - usage);
  return free < LOW_STORAGE_BYTES || free / quota < LOW_STORAGE_FRACTION;
}

export async function storageReport(): Promise<StorageReport | null> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await storage.estimate();
  const persisted = (await storage.persisted?.().catch(() => false)) ?? false;
  return { usage, quota, free: Math.max(0, quota - usage), low: isLowStorage(usage, quota), persisted };
}
