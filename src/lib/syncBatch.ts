// The batch call of the reference API (docs/api.md "Batches"): several outbox changes in one request,
// each applied by the server exactly as if it had come alone. Shared by the client (src/sync) and the
// server (server/src/routes/syncBatch.ts), so both compose a change's request the same way.

/** Under `/api`: `POST /api/binyan/sync/batch`. */
export const SYNC_BATCH_PATH = 'binyan/sync/batch';
/** The most changes the server takes in one batch. */
export const MAX_BATCH_ITEMS = 500;
/** The most bytes the server takes in one batch body. */
export const MAX_BATCH_BYTES = 1024 * 1024;

export type BatchMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One change of a batch: what the single request would carry, with its base version apart. */
export type BatchItem = {
  /** The change's Idempotency-Key. */
  key: string;
  method: BatchMethod;
  /** Path under `/api` with its query, without the base version (e.g. `binyan/service-calls/c1`). */
  path: string;
  /** The JSON body without `baseVersion`; absent for a request without a body. */
  body?: unknown;
  /** The version the change was made on (also kept for creates, where it is not sent). */
  baseVersion?: number | null;
  /** Where the single request carries `baseVersion`; absent: it does not carry it. */
  versionIn?: 'body' | 'query';
  /** The record the change belongs to (`table:id`): its later changes wait when this one is not applied. */
  record: string;
  /** Records that must be applied first: a change waits when one of them was not applied in this batch. */
  dependsOn?: string[];
};

/** The single request's answer (`body` parsed JSON, or its text), or a change the server did not try. */
export type BatchResult =
  | { key: string; status: number; body: unknown; retryAfter?: string; /** The answer's `Idempotency-Key` header. */ idempotencyKey?: string }
  | { key: string; status: null; notAttempted: true };

/**
 * The single request a change stands for, after the base version is known: the version travels in the
 * body or the query, exactly as a request without batches sends it.
 */
export function singleRequestOf(item: BatchItem, baseVersion: number | null | undefined): { path: string; body: unknown } {
  if (baseVersion === null || baseVersion === undefined || item.versionIn === undefined) return { path: item.path, body: item.body };
  if (item.versionIn === 'body') {
    const body = typeof item.body === 'object' && item.body !== null && !Array.isArray(item.body) ? item.body : {};
    return { path: item.path, body: { ...body, baseVersion } };
  }
  return { path: `${item.path}${item.path.includes('?') ? '&' : '?'}baseVersion=${baseVersion}`, body: item.body };
}

/**
 * Versions a record's applied changes produced in one batch: a later change made locally on the same
 * version goes on the version just created (the client rebases its queued changes the same way when
 * they go one by one, src/sync/replay/applyAnswers.ts).
 */
export type Rebaser = { baseOf(item: BatchItem): number | null | undefined; applied(item: BatchItem, base: number | null | undefined, version: unknown): void };

export function createRebaser(): Rebaser {
  const moves = new Map<string, Map<number, number>>();
  return {
    baseOf(item) {
      let base = item.baseVersion;
      const map = moves.get(item.record);
      // Versions only grow, so the chain ends; the bound guards a malformed answer.
      for (let hops = 0; map && typeof base === 'number' && map.has(base) && hops < MAX_BATCH_ITEMS; hops += 1) base = map.get(base);
      return base;
    },
    applied(item, base, version) {
      if (typeof base !== 'number' || typeof version !== 'number' || version === base) return;
      let map = moves.get(item.record);
      if (!map) moves.set(item.record, (map = new Map()));
      map.set(base, version);
    },
  };
}
