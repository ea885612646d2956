// Sessions (hashes of tokens and cookie ids only).
import type { Db } from '../db/database.ts';
import { statement } from '../db/database.ts';
import type { SessionTable } from '../db/schema.ts';

export type SessionRow = Pick<SessionTable, 'tokenHash' | 'userId' | 'companyId' | 'lastSeenAt' | 'expiresAt' | 'signInMethod' | 'signInPhone'>;

const columns = ['tokenHash', 'userId', 'companyId', 'lastSeenAt', 'expiresAt', 'signInMethod', 'signInPhone'] as const;
const byToken = statement((q, hash: string) => q.selectFrom('sessions').select(columns).where('tokenHash', '=', hash));
const byCookie = statement((q, hash: string) => q.selectFrom('sessions').select(columns).where('cookieHash', '=', hash));
const touch = statement((q, lastSeenAt: string, expiresAt: string, hash: string) =>
  q.updateTable('sessions').set({ lastSeenAt, expiresAt }).where('tokenHash', '=', hash),
);
const remove = statement((q, hash: string) => q.deleteFrom('sessions').where('tokenHash', '=', hash));

export const sessions = {
  insert: (db: Db, session: SessionTable) => db.run(db.q.insertInto('sessions').values(session)),
  byToken: (db: Db, tokenHash: string) => byToken.first(db, tokenHash),
  byCookie: (db: Db, cookieHash: string) => byCookie.first(db, cookieHash),
  touch: (db: Db, tokenHash: string, lastSeenAt: string, expiresAt: string) => touch.run(db, lastSeenAt, expiresAt, tokenHash),
  remove: (db: Db, tokenHash: string) => remove.run(db, tokenHash),
  removeOfUser: (db: Db, userId: number) => db.run(db.q.deleteFrom('sessions').where('userId', '=', userId)),
  removeOfChain: (db: Db, chainId: string) => db.run(db.q.deleteFrom('sessions').where('renewalChain', '=', chainId)),
  /** When a session was made and last used (a renewal's session is made "unused": see createSession). */
  usage: (db: Db, tokenHash: string) => db.first(db.q.selectFrom('sessions').select(['createdAt', 'lastSeenAt']).where('tokenHash', '=', tokenHash)),
  chainOf: async (db: Db, tokenHash: string): Promise<string | null> =>
    (await db.first(db.q.selectFrom('sessions').select('renewalChain').where('tokenHash', '=', tokenHash)))?.renewalChain ?? null,
  purge: async (db: Db, nowIso: string) => (await db.run(db.q.deleteFrom('sessions').where('expiresAt', '<=', nowIso))).changes,
};
