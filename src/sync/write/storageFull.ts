// A full disk while saving: IndexedDB refuses the write with QuotaExceededError and Dexie aborts the
// whole transaction, so the action is not half-written (the row, its outbox entries and the sequence
// all roll back). The write path turns that into one error a screen can name (`errors:storageFull`)
// and flags it here, so the app frame says so on every screen until a later save succeeds.

/** The action was not saved because the device's storage is full; the screen keeps what was typed. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  readonly messageKey = 'storageFull';
  constructor(cause: unknown) {
    super('The device storage is full', { cause });
  }
}

type Named = { name?: unknown; inner?: unknown; cause?: unknown; code?: unknown };

/** QuotaExceededError as the browser throws it, or as Dexie wraps it (its own error, or an AbortError whose `inner` it is). */
export function isQuotaExceeded(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e: Named = error;
  if (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED') return true;
  return isQuotaExceeded(e.inner, depth + 1) || isQuotaExceeded(e.cause, depth + 1);
}

let fullSince: number | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** A save failed for lack of space (epoch ms of the first failure, kept until a save succeeds). */
export function noteStorageFull(at = Date.now()): void {
  if (fullSince !== null) return;
  fullSince = at;
  emit();
}

export function noteStorageWritable(): void {
  if (fullSince === null) return;
  fullSince = null;
  emit();
}

export function storageFullSince(): number | null {
  return fullSince;
}

export function subscribeStorageFull(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
