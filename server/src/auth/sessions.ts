import type { AppContext } from '../context.ts';
import type { UserTable } from '../db/schema.ts';
import { newToken, sha256Hex } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';

export type UserRow = Omit<UserTable, 'id'> & { id: number };

export type AuthInfo = { user: UserRow; companyId: number; tokenHash: string };

// Writing lastSeenAt on every request would turn every read into a write; a minute of slack is enough.
const TOUCH_AFTER_MS = 60_000;

export function createSession(ctx: AppContext, user: UserRow): string {
  const token = newToken();
  const now = ctx.now();
  ctx.db.run(
    ctx.db.q.insertInto('sessions').values({
      tokenHash: sha256Hex(token),
      userId: user.id,
      companyId: user.companyId,
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: addMs(now, ctx.sessionIdleMs).toISOString(),
    }),
  );
  return token;
}

export function authenticate(ctx: AppContext, token: string): AuthInfo | null {
  if (!token) return null;
  const tokenHash = sha256Hex(token);
  const { db } = ctx;
  const session = db.first(db.q.selectFrom('sessions').selectAll().where('tokenHash', '=', tokenHash));
  if (!session) return null;
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
