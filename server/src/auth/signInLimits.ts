// Sign-in abuse (issue 11 §3): every password or code check counts its failures per account (company +
// user name) and per client address, and refuses with 429 + Retry-After while either is locked out.
// The counting is @fastify/rate-limit's, over the database store (rateLimitStore.ts), so all server
// processes on one database share it. Only failures count: the limiter is read before the check
// (`increment: false`) and incremented when the check fails.
import rateLimit from '@fastify/rate-limit';
import type { CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';
import { databaseRateLimitStore, resetCounter } from './rateLimitStore.ts';
import type { StoreScope } from './rateLimitStore.ts';

export type LimitPolicy = {
  /** Failures within the window that lock the key. */
  maxFailures: number;
  windowMs: number;
  /** How long the key stays locked once it reached maxFailures. */
  lockoutMs: number;
};

export type SignInLimits = {
  /** Wrong passwords and one-time codes of one account, over start, code check and password login. */
  account: LimitPolicy;
  /** Wrong passwords and codes (sign-in and deposit) from one client address, whatever the account. */
  ip: LimitPolicy;
  /** Wrong deposit confirmation codes of one account. */
  deposit: LimitPolicy;
};

// The one place the limits live. A legitimate user rarely fails more than a few times; an office
// behind one address gets room for several users' typos.
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  account: { maxFailures: 10, windowMs: 15 * 60_000, lockoutMs: 15 * 60_000 },
  ip: { maxFailures: 30, windowMs: 15 * 60_000, lockoutMs: 15 * 60_000 },
  deposit: { maxFailures: 10, windowMs: 60 * 60_000, lockoutMs: 60 * 60_000 },
};

export function signInLimitsWith(overrides: Partial<SignInLimits> = {}): SignInLimits {
  return { ...DEFAULT_SIGN_IN_LIMITS, ...overrides };
}

/** The longest time a counter can matter (what the purge keeps). */
export function longestLimitMs(limits: SignInLimits): number {
  return Math.max(...Object.values(limits).map((p) => p.windowMs + p.lockoutMs));
}

export type AccountScope = 'account' | 'deposit';
export type AccountRef = { companyId: number; userName: string };

export type SignInAttempt = {
  /** A wrong password or code: counts for the account and the address. */
  failed(): Promise<void>;
  /** A completed check: the account's failures are forgotten (the address's stay). */
  succeeded(): Promise<void>;
};

export type SignInGuard = {
  /** Refuses with 429 + Retry-After while the address or the account is locked; else the attempt to report. */
  begin(req: FastifyRequest, scope: AccountScope, account: AccountRef | null): Promise<SignInAttempt>;
};

/** Unknown users are keyed like real ones, so a lockout does not tell which user names exist. */
export function accountKey(account: AccountRef): string {
  const company = Number.isFinite(account.companyId) ? account.companyId : 0;
  return `${company}:${account.userName.trim().toLowerCase()}`;
}

export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  return new ApiError(429, 'TOO_MANY_ATTEMPTS', 'tooManyAttempts', { headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) } });
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

function options(scope: string, policy: LimitPolicy, keyGenerator?: (req: FastifyRequest) => string): CreateRateLimitOptions {
  const withScope: CreateRateLimitOptions & StoreScope = {
    scope,
    lockoutMs: policy.lockoutMs,
    max: policy.maxFailures,
    timeWindow: policy.windowMs,
    ...(keyGenerator ? { keyGenerator } : {}),
  };
  return withScope;
}

/** Seconds until the limiter lets a check through again, or 0 when it does now. */
async function lockedFor(limiter: Limiter, req: FastifyRequest): Promise<number> {
  const state = await limiter(req, { increment: false });
  return !state.isAllowed && state.remaining <= 0 ? Math.max(1, state.ttlInSeconds) : 0;
}

export function createSignInGuard(app: FastifyInstance, deps: { db: Db; now: () => Date; limits: SignInLimits }): SignInGuard {
  const { db, limits } = deps;
  // Not global: only the checks below count, and only their failures.
  void app.register(rateLimit, { global: false, store: databaseRateLimitStore(db, deps.now) });

  // The plugin's decorator exists once the server is ready, before any request.
  let ipLimiter: Limiter | null = null;
  // The default key is the client address (IPv6 by /64), which trustProxy decides (app.ts).
  const byAddress = () => (ipLimiter ??= app.createRateLimit(options('ip', limits.ip)));
  const byAccount = (scope: AccountScope, key: string) => app.createRateLimit(options(scope, limits[scope], () => key));

  return {
    async begin(req, scope, account) {
      const limiters = [byAddress()];
      const key = account ? accountKey(account) : null;
      if (key !== null) limiters.push(byAccount(scope, key));
      let wait = 0;
      for (const limiter of limiters) wait = Math.max(wait, await lockedFor(limiter, req));
      if (wait > 0) throw tooManyAttempts(wait);
      return {
        async failed() {
          for (const limiter of limiters) await limiter(req);
        },
        async succeeded() {
          if (key !== null) await resetCounter(db, scope, key);
        },
      };
    },
  };
}
