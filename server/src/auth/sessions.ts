import type { AppContext } from '../context.ts';
import type { UserTable } from '../db/schema.ts';
import { newToken, sha256Hex } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';

export type UserRow = Omit<UserTable, 'id'> & { id: number };

export type AuthInfo = { user: UserRow; companyId: number; tokenHash: string };

// Writing lastSeenAt on every request would turn every read into a write; a minute of slack is enough.
const TOUCH_AFTER_MS = 60_000;

export type NewSession = { token: string; cookieId: string | null };

/** A new session; with `cookie`, also a separate random id for the HttpOnly cookie (never the token). */
export function createSession(ctx: AppContext, user: UserRow): string;
export function createSession(ctx: AppContext, user: UserRow, options: { cookie: boolean }): NewSession;
export function createSession(ctx: AppContext, user: UserRow, options?: { cookie: boolean }): string | NewSession {
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
    }),
  );
  return options ? { token, cookieId } : token;
}

/** The session of a token, or else of the HttpOnly cookie id (only consulted when no token was sent). */
export function authenticate(ctx: AppContext, token: string, cookieId = ''): AuthInfo | null {
  const { db } = ctx;
  const sessions = db.q.selectFrom('sessions').selectAll();
  const query = token ? sessions.where('tokenHash', '=', sha256Hex(token)) : cookieId ? sessions.where('cookieHash', '=', sha256Hex(cookieId)) : null;
  const session = query && db.first(query);
  if (!session) return null;
  const { tokenHash } = session;
  const now = ctx.now();
  if (session.expiresAt <= now.toISOString()) {
    db.run(db.q.deleteFrom('sessions').where('tokenHash', '=', tokenHash));
    return null;
  }
  const user = db.first(db.q.selectFrom('users').selectAll().where('id', '=', session.userId));
  if (!user || user.companyId !== session.companyId) return null;
  if (now.getTime() - Date.parse(session.lastSeenAt) > TOUCH_AFTER_MS) {
    db.run(
      db.q
        .updateTable('sessions')
        .set({ lastSeenAt: now.toISOString(), expiresAt: addMs(now, ctx.sessionIdleMs).toISOString() })
        .where('tokenHash', '=', tokenHash),
    );
  }
  return { user, companyId: session.companyId, tokenHash };
}

export function deleteSession(ctx: AppContext, tokenHash: string): void {
  ctx.db.run(ctx.db.q.deleteFrom('sessions').where('tokenHash', '=', tokenHash));
}

export function findUser(ctx: AppContext, companyId: number, userName: string): UserRow | undefined {
  return ctx.db.first(
    ctx.db.q.selectFrom('users').selectAll().where('companyId', '=', companyId).where('userName', '=', userName.trim().toLowerCase()),
  );
}
