// Device-bound renewal secrets of the silent re-login (only hashes).
import type { Db } from '../db/database.ts';
import type { RenewalSecretTable } from '../db/schema.ts';

export const renewalSecrets = {
  insert: (db: Db, secret: RenewalSecretTable) => db.run(db.q.insertInto('renewal_secrets').values(secret)),
  find: (db: Db, secretHash: string) => db.first(db.q.selectFrom('renewal_secrets').selectAll().where('secretHash', '=', secretHash)),
  markUsed: (db: Db, secretHash: string, at: string) => db.run(db.q.updateTable('renewal_secrets').set({ usedAt: at }).where('secretHash', '=', secretHash)),
  revokeChain: (db: Db, chainId: string, at: string) =>
    db.run(db.q.updateTable('renewal_secrets').set({ revokedAt: at }).where('chainId', '=', chainId).where('revokedAt', 'is', null)),
  /** Every chain of a user stops renewing (their account was disabled). */
  revokeOfUser: (db: Db, userId: number, at: string) =>
    db.run(db.q.updateTable('renewal_secrets').set({ revokedAt: at }).where('userId', '=', userId).where('revokedAt', 'is', null)),
  purge: async (db: Db, nowIso: string) => (await db.run(db.q.deleteFrom('renewal_secrets').where('expiresAt', '<=', nowIso))).changes,
};
