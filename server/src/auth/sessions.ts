import type { AppContext } from '../context.ts';
import type { Database, Db } from '../db/database.ts';
import { sessions } from '../data/sessions.ts';
import type { SessionRow } from '../data/sessions.ts';
import { users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { newToken, sha256Hex } from '../util/crypto.ts';
import type { SignIn } from './signInMethod.ts';
import { signInColumns, signInOfRow } from './signInMethod.ts';
import { addMs } from '../util/dates.ts';

export type { UserRow };

/** The signed-in user, their company, the session's token hash and how the session was signed in. */
export type AuthInfo = { user: UserRow; companyId: number; tokenHash: string; signIn: SignIn };

const TOUCH_AFTER_MS = 60_000;

export type NewSession = { token: string; cookieId: string | null };

export type SessionOptions = {
  cookie: boolean;
  /** How it was signed in (signInMethod.ts): a renewal gives its chain's. */
  signIn: SignIn;
  /** The renewal chain it comes from (renewal.ts). */
  renewalChain?: string | null;
  /**
   * Its first request is recorded (lastSeenAt starts before createdAt, so that request touches it):
   * a renewal's session that was never used tells the server its answer was lost (renewal.ts).
   */
  trackFirstUse?: boolean;
};

/** Whether a session made with `trackFirstUse` has served a request. */
export function sessionWasUsed(usage: { createdAt: string; lastSeenAt: string }): boolean {
  return usage.lastSeenAt >= usage.createdAt;
}

/** A new session; with `cookie`, also a separate random id for the HttpOnly cookie (never the token). */
export async function createSession(ctx: AppContext, user: UserRow, options: SessionOptions): Promise<NewSession> {
  const token = newToken();
  const cookieId = options.cookie ? newToken() : null;
  const now = ctx.now();
  await sessions.insert(ctx.db, {
    tokenHash: sha256Hex(token),
    cookieHash: cookieId ? sha256Hex(cookieId) : null,
    userId: user.id,
    companyId: user.companyId,
    createdAt: now.toISOString(),
    lastSeenAt: options.trackFirstUse ? addMs(now, -(TOUCH_AFTER_MS + 1)).toISOString() : now.toISOString(),
    expiresAt: addMs(now, ctx.sessionIdleMs).toISOString(),
    renewalChain: options.renewalChain ?? null,
    ...signInColumns(options.signIn),
  });
  return { token, cookieId };
}

/** A resolved session kept briefly in memory, so most requests cost no session or user read. */
type CachedSession = { session: SessionRow; user: UserRow; cachedAt: number };

// This process's own logouts and expiries drop their entry at once. Whatever another connection does
// (another server process, an admin tool) moves the database's change epoch (SQLite: any commit;
// PostgreSQL: an ended or shortened session or a changed user, announced by trigger), which empties
// the cache, so a session revoked elsewhere is refused on its next request, as without the cache.
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;

type SessionCache = {
  /** Token hash or `cookie:` + cookie hash → session. */
  entries: Map<string, CachedSession>;
  /** The database's change epoch when the cache was last checked. */
  epoch: number;
};

const caches = new WeakMap<Database, SessionCache>();

function cacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), epoch: db.changeEpoch() };
    caches.set(db, cache);
  }
  return cache;
}

function forget(cache: SessionCache, tokenHash: string): void {
  for (const [key, entry] of cache.entries) if (entry.session.tokenHash === tokenHash) cache.entries.delete(key);
}

async function load(db: Db, token: string, hash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
  const session = token ? await sessions.byToken(db, hash) : await sessions.byCookie(db, hash);
  if (!session) return null;
  const user = await users.byId(db, session.userId);
  // A disabled account (an approved data deletion) has no session, even one made as it was disabled.
  if (!user || user.companyId !== session.companyId || user.disabledAt !== null) return null;
  return { session: { ...session }, user };
}

/** The session of a token, or else of the HttpOnly cookie id (only consulted when no token was sent). */
export async function authenticate(ctx: AppContext, token: string, cookieId = ''): Promise<AuthInfo | null> {
  if (!token && !cookieId) return null;
  const { db } = ctx;
  const cache = cacheOf(db);
  const hash = sha256Hex(token || cookieId);
  const cacheKey = token ? hash : `cookie:${hash}`;
  const now = ctx.now();
  const nowMs = now.getTime();
  const epoch = db.changeEpoch();
  if (epoch !== cache.epoch) {
    cache.entries.clear();
    cache.epoch = epoch;
  }
  let entry = cache.entries.get(cacheKey);
  // A clock that moved backwards (tests) or an old entry: read the database again.
  if (entry && (nowMs - entry.cachedAt > CACHE_MS || nowMs < entry.cachedAt)) {
    cache.entries.delete(cacheKey);
    entry = undefined;
  }
  let fromCache = entry !== undefined;
  if (!entry) {
    const loaded = await load(db, token, hash);
    if (!loaded) return null;
    entry = { ...loaded, cachedAt: nowMs };
    // Only what was read with no change announced meanwhile may be kept.
    if (db.changeEpoch() === epoch) {
      if (cache.entries.size >= CACHE_MAX) cache.entries.clear();
      cache.entries.set(cacheKey, entry);
    }
  }
  const nowIso = now.toISOString();
  if (entry.session.expiresAt <= nowIso && fromCache) {
    // Another process may have slid the expiry since this copy was cached: the stored row decides.
    const stored = await load(db, token, hash);
    if (stored && stored.session.expiresAt > nowIso) {
      entry.session = stored.session;
      fromCache = false;
    }
  }
  const { session, user } = entry;
  const { tokenHash } = session;
  if (session.expiresAt <= nowIso) {
    await sessions.remove(db, tokenHash);
    forget(cache, tokenHash);
    return null;
  }
  // Writing lastSeenAt on every request would turn every read into a write; a minute of slack is enough.
  if (nowMs - Date.parse(session.lastSeenAt) > TOUCH_AFTER_MS) {
    session.lastSeenAt = nowIso;
    session.expiresAt = addMs(now, ctx.sessionIdleMs).toISOString();
    await sessions.touch(db, tokenHash, session.lastSeenAt, session.expiresAt);
  }
  return { user, companyId: session.companyId, tokenHash, signIn: signInOfRow(session) };
}

export async function deleteSession(ctx: AppContext, tokenHash: string): Promise<void> {
  await sessions.remove(ctx.db, tokenHash);
  forget(cacheOf(ctx.db), tokenHash);
}

/** Ends every session a renewal chain gave (its reuse was detected, or its device logged out). */
export async function deleteSessionsOfChain(ctx: AppContext, chainId: string, db: Db = ctx.db): Promise<void> {
  await sessions.removeOfChain(db, chainId);
  // This connection's own writes do not move SQLite's change epoch: drop the cached sessions here.
  cacheOf(ctx.db).entries.clear();
}

/** After this process changed users or their sessions (a profile change approved, a user's data deleted). */
export function forgetCachedSessions(ctx: AppContext): void {
  cacheOf(ctx.db).entries.clear();
}

export function renewalChainOf(ctx: AppContext, tokenHash: string): Promise<string | null> {
  return sessions.chainOf(ctx.db, tokenHash);
}

/** The account a password sign-in names; a disabled one is no account (answered as an unknown user). */
export async function findUser(ctx: AppContext, companyId: number, userName: string): Promise<UserRow | undefined> {
  const user = await users.byName(ctx.db, companyId, userName);
  return user?.disabledAt === null ? user : undefined;
}
