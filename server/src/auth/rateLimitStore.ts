// A store for @fastify/rate-limit over the database (table `rate_limits`), so every server process on
// the same database shares the counters, and the server's clock (tests move it) decides the windows.
// Each (scope, key) counts within a window; reaching `max` locks it for `lockoutMs` (when given).
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { rateLimits } from '../data/rateLimits.ts';
import type { RateLimitTable } from '../db/schema.ts';
import { addMs } from '../util/dates.ts';

/** Extra options this store reads from `createRateLimit(...)` (the plugin passes them to `child`). */
export type StoreScope = { scope: string; lockoutMs: number };

type Count = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Count) => void;

/** A row counts while its lock lasts, or (unlocked) while its window lasts. */
function isLive(row: RateLimitTable | undefined, nowMs: number, timeWindow: number): row is RateLimitTable {
  if (!row) return false;
  if (row.lockedUntil !== null) return Date.parse(row.lockedUntil) > nowMs;
  return Date.parse(row.windowStart) + timeWindow > nowMs;
}

function ttlOf(row: RateLimitTable, nowMs: number, timeWindow: number): number {
  const end = row.lockedUntil !== null ? Date.parse(row.lockedUntil) : Date.parse(row.windowStart) + timeWindow;
  return Math.max(0, end - nowMs);
}

function scopeOf(options: unknown, fallback: StoreScope): StoreScope {
  const o = (typeof options === 'object' && options !== null ? options : {}) as Partial<Record<keyof StoreScope, unknown>>;
  return {
    scope: typeof o.scope === 'string' && o.scope !== '' ? o.scope : fallback.scope,
    lockoutMs: typeof o.lockoutMs === 'number' && o.lockoutMs >= 0 ? o.lockoutMs : fallback.lockoutMs,
  };
}

/** Forgets a counter (a completed sign-in clears its account's failures). */
export async function resetCounter(db: Db, scope: string, key: string): Promise<void> {
  await rateLimits.reset(db, scope, key);
}

/** Calls back with the promise's value or error (the plugin's stores take callbacks). */
function settle(work: Promise<Count>, callback: Callback): void {
  work.then(
    (result) => callback(null, result),
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
  );
}

export function databaseRateLimitStore(db: Db, now: () => Date): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly scope: StoreScope;

    constructor(options: FastifyRateLimitOptions) {
      this.scope = scopeOf(options, { scope: 'global', lockoutMs: 0 });
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const { scope, lockoutMs } = this.scope;
      // One transaction: two processes counting the same key serialise on it (SQLite: the write lock;
      // PostgreSQL: serializable, the later one runs again).
      const counted = db.tx(async (tx) => {
        const at = now();
        const nowMs = at.getTime();
        const row = await rateLimits.find(tx, scope, key);
        const next: RateLimitTable = isLive(row, nowMs, timeWindow)
          ? { ...row, count: row.count + 1 }
          : { scope, key, windowStart: at.toISOString(), count: 1, lockedUntil: null };
        if (next.lockedUntil === null && lockoutMs > 0 && next.count >= max) next.lockedUntil = addMs(at, lockoutMs).toISOString();
        await rateLimits.save(tx, next);
        return { current: next.count, ttl: ttlOf(next, nowMs, timeWindow) };
      });
      settle(counted, callback);
    }

    /** The plugin's `{ increment: false }`: the count so far, unchanged. */
    read(key: string, callback: Callback, timeWindow: number): void {
      const current = (async (): Promise<Count> => {
        const nowMs = now().getTime();
        const row = await rateLimits.find(db, this.scope.scope, key);
        return isLive(row, nowMs, timeWindow) ? { current: row.count, ttl: ttlOf(row, nowMs, timeWindow) } : { current: 0, ttl: 0 };
      })();
      settle(current, callback);
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(scopeOf(routeOptions, this.scope) as FastifyRateLimitOptions);
    }
  }
  return DatabaseRateLimitStore;
}

/** Counters whose window and lock are both over (for the scheduled purge). */
export function purgeRateLimits(db: Db, at: Date, longestWindowMs: number): Promise<number> {
  return rateLimits.purge(db, at.toISOString(), addMs(at, -longestWindowMs).toISOString());
}
