// Device-bound renewal secrets of the silent re-login (only hashes).
import type { Db } from '../db/database.ts';
import type { RenewalSecretTable } from '../db/schema.ts';

export const renewalSecrets = {
  insert: (db: Db, secret: RenewalSecretTable) => db.run(db.q.insertInto('renewal_secrets').values(secret)),
  find: (db: Db, secretHash: string) => db.first(db.q.selectFrom('renewal_secrets').selectAll().where('secretHash', '=', secretHash)),
  /** Spent: `at`, and the secret its renewal answered. */
  markUsed: (db: Db, secretHash: string, at: string, replacedBy: string) =>
    db.run(db.q.updateTable('renewal_secrets').set({ usedAt: at, replacedBy, sessionHash: null }).where('secretHash', '=', secretHash)),
  /** The session a spent secret's renewal answered. */
  noteSession: (db: Db, secretHash: string, sessionHash: string) =>
    db.run(db.q.updateTable('renewal_secrets').set({ sessionHash }).where('secretHash', '=', secretHash)),
  revokeOne: (db: Db, secretHash: string, at: string) =>
    db.run(db.q.updateTable('renewal_secrets').set({ revokedAt: at }).where('secretHash', '=', secretHash).where('revokedAt', 'is', null)),
  revokeChain: (db: Db, chainId: string, at: string) =>
    db.run(db.q.updateTable('renewal_secrets').set({ revokedAt: at }).where('chainId', '=', chainId).where('revokedAt', 'is', null)),
  /** Every chain of a user stops renewing (their account was disabled). */
  revokeOfUser: (db: Db, userId: number, at: string) =>
    db.run(db.q.updateTable('renewal_secrets').set({ revokedAt: at }).where('userId', '=', userId).where('revokedAt', 'is', null)),
  purge: async (db: Db, nowIso: string) => (await db.run(db.q.deleteFrom('renewal_secrets').where('expiresAt', '<=', nowIso))).changes,
};
