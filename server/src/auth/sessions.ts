import type { AppContext } from '../context.ts';
import type { Prepared } from '../db/database.ts';
import { perDatabase } from '../db/database.ts';
import type { UserTable } from '../db/schema.ts';
import { newToken, sha256Hex } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';

export type UserRow = Omit<UserTable, 'id'> & { id: number };

export type AuthInfo = { user: UserRow; companyId: number; tokenHash: string };

const TOUCH_AFTER_MS = 60_000;

export type NewSession = { token: string; cookieId: string | null };

export type SessionOptions = { cookie: boolean; /** The renewal chain it comes from (renewal.ts). */ renewalChain?: string | null };

/** A new session; with `cookie`, also a separate random id for the HttpOnly cookie (never the token). */
export function createSession(ctx: AppContext, user: UserRow): string;
export function createSession(ctx: AppContext, user: UserRow, options: SessionOptions): NewSession;
export function createSession(ctx: AppContext, user: UserRow, options?: SessionOptions): string | NewSession {
  const token = newToken();
  const cookieId = options?.cookie ? newToken() : null;
  const now = ctx.now();
  ctx.db.run(
    ctx.db.q.insertInto('sessions').values({
      tokenHash: sha256Hex(token),
      cookieHash: cookieId ? sha256Hex(cookieId) : null,
      userId: user.id,
      companyId: user.companyId,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: addMs(now, ctx.sessionIdleMs).toISOString(),
      renewalChain: options?.renewalChain ?? null,
    }),
  );
  return options ? { token, cookieId } : token;
}

type SessionRow = { tokenHash: string; userId: number; companyId: number; lastSeenAt: string; expiresAt: string };

/** A resolved session kept briefly in memory, so most requests cost no session or user read. */
type CachedSession = { session: SessionRow; user: UserRow; cachedAt: number };

// This process's own logouts and expiries drop their entry at once; a commit by any other connection
// (another server process, an admin tool) empties the cache, so a session revoked elsewhere is refused
// on its next request, as without the cache.
const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;

type SessionQueries = {
  byToken: Prepared<[string], SessionRow>;
  byCookie: Prepared<[string], SessionRow>;
  user: Prepared<[number], UserRow>;
  touch: Prepared<[string, string, string], unknown>;
  remove: Prepared<[string], unknown>;
  /** Token hash or `cookie:` + cookie hash → session. */
  cache: Map<string, CachedSession>;
  /** `Db.dataVersion()` when the cache was last checked. */
  dataVersion: number;
};

const queriesOf = perDatabase((db): SessionQueries => {
    const columns = ['tokenHash', 'userId', 'companyId', 'lastSeenAt', 'expiresAt'] as const;
    return {
      byToken: db.prepare((hash: string) => db.q.selectFrom('sessions').select(columns).where('tokenHash', '=', hash)),
      byCookie: db.prepare((hash: string) => db.q.selectFrom('sessions').select(columns).where('cookieHash', '=', hash)),
      user: db.prepare((id: number) => db.q.selectFrom('users').selectAll().where('id', '=', id)) as Prepared<[number], UserRow>,
      touch: db.prepare((lastSeenAt: string, expiresAt: string, hash: string) =>
        db.q.updateTable('sessions').set({ lastSeenAt, expiresAt }).where('tokenHash', '=', hash),
      ),
      remove: db.prepare((hash: string) => db.q.deleteFrom('sessions').where('tokenHash', '=', hash)),
      cache: new Map(),
      dataVersion: db.dataVersion(),
    };
});

function forget(queries: SessionQueries, tokenHash: string): void {
  for (const [key, entry] of queries.cache) if (entry.session.tokenHash === tokenHash) queries.cache.delete(key);
}

/** The session of a token, or else of the HttpOnly cookie id (only consulted when no token was sent). */
export function authenticate(ctx: AppContext, token: string, cookieId = ''): AuthInfo | null {
  if (!token && !cookieId) return null;
  const queries = queriesOf(ctx.db);
  const hash = sha256Hex(token || cookieId);
  const cacheKey = token ? hash : `cookie:${hash}`;
  const now = ctx.now();
  const nowMs = now.getTime();
  const dataVersion = ctx.db.dataVersion();
  if (dataVersion !== queries.dataVersion) {
    queries.cache.clear();
    queries.dataVersion = dataVersion;
  }
  let entry = queries.cache.get(cacheKey);
  // A clock that moved backwards (tests) or an old entry: read the database again.
  if (entry && (nowMs - entry.cachedAt > CACHE_MS || nowMs < entry.cachedAt)) {
    queries.cache.delete(cacheKey);
    entry = undefined;
  }
  if (!entry) {
    const session = token ? queries.byToken.first(hash) : queries.byCookie.first(hash);
    if (!session) return null;
    const user = queries.user.first(session.userId);
    if (!user || user.companyId !== session.companyId) return null;
    entry = { session: { ...session }, user, cachedAt: nowMs };
    if (queries.cache.size >= CACHE_MAX) queries.cache.clear();
    queries.cache.set(cacheKey, entry);
  }
  const { session, user } = entry;
  const { tokenHash } = session;
  if (session.expiresAt <= now.toISOString()) {
    queries.remove.run(tokenHash);
    forget(queries, tokenHash);
    return null;
  }
  // Writing lastSeenAt on every request would turn every read into a write; a minute of slack is enough.
  if (nowMs - Date.parse(session.lastSeenAt) > TOUCH_AFTER_MS) {
    session.lastSeenAt = now.toISOString();
    session.expiresAt = addMs(now, ctx.sessionIdleMs).toISOString();
    queries.touch.run(session.lastSeenAt, session.expiresAt, tokenHash);
  }
  return { user, companyId: session.companyId, tokenHash };
}

export function deleteSession(ctx: AppContext, tokenHash: string): void {
  const queries = queriesOf(ctx.db);
  queries.remove.run(tokenHash);
  forget(queries, tokenHash);
}

/** Ends every session a renewal chain gave (its reuse was detected, or its device logged out). */
export function deleteSessionsOfChain(ctx: AppContext, chainId: string): void {
  ctx.db.run(ctx.db.q.deleteFrom('sessions').where('renewalChain', '=', chainId));
  // This connection's own writes do not move dataVersion: drop the cached sessions here.
  queriesOf(ctx.db).cache.clear();
}

export function renewalChainOf(ctx: AppContext, tokenHash: string): string | null {
  return ctx.db.first(ctx.db.q.selectFrom('sessions').select('renewalChain').where('tokenHash', '=', tokenHash))?.renewalChain ?? null;
}

export function findUser(ctx: AppContext, companyId: number, userName: string): UserRow | undefined {
  return ctx.db.first(
    ctx.db.q.selectFrom('users').selectAll().where('companyId', '=', companyId).where('userName', '=', userName.trim().toLowerCase()),
  );
}
