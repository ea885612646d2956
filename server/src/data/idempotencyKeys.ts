// Idempotency keys and their stored answers (http/mutation.ts), per company and user.
import type { Db } from '../db/database.ts';
import { statement } from '../db/database.ts';

export type StoredAnswer = { requestHash: string; status: number; body: string };
export type KeyClaim = { companyId: number; userId: number; key: string; method: string; path: string; requestHash: string; createdAt: string };

const find = statement((q, companyId: number, userId: number, key: string) =>
  q.selectFrom('idempotency_keys').select(['requestHash', 'status', 'body']).where('companyId', '=', companyId).where('userId', '=', userId).where('key', '=', key),
);
// The key with its answer, stored with the change, unless another request stored it first (its
// answer is then this request's). It reads no index range, so on PostgreSQL unrelated keys never make
// serializable transactions conflict; a concurrent insert of the same key waits for the other
// transaction, and is retried (db/postgres.ts) when that one commits.
const store = statement(
  (q, companyId: number, userId: number, key: string, method: string, path: string, requestHash: string, createdAt: string, status: number, body: string) =>
    q
      .insertInto('idempotency_keys')
      .values({ companyId, userId, key, method, path, requestHash, status, body, createdAt })
      .onConflict((oc) => oc.columns(['companyId', 'userId', 'key']).doNothing())
      .returning('key'),
);

export const idempotencyKeys = {
  find: (db: Db, companyId: number, userId: number, key: string): Promise<StoredAnswer | undefined> => find.first(db, companyId, userId, key),
  /** Stores a key with its answer; false when the key was already stored (the answer is then `find`'s). */
  store: async (db: Db, c: KeyClaim, status: number, body: string): Promise<boolean> =>
    (await store.first(db, c.companyId, c.userId, c.key, c.method, c.path, c.requestHash, c.createdAt, status, body)) !== undefined,
  /**
   * Replaces an answered key's body: an effect made after the commit (a gate dial) changed what the
   * answer says, so a later repeat reads the outcome rather than the request.
   */
  restate: (db: Db, companyId: number, userId: number, key: string, body: string) =>
    db.run(db.q.updateTable('idempotency_keys').set({ body }).where('companyId', '=', companyId).where('userId', '=', userId).where('key', '=', key).where('status', '<>', 0)),
  /** Forgets a stored answer whose effect outside the database failed after it committed: the same key may try again. */
  forget: (db: Db, companyId: number, userId: number, key: string) =>
    db.run(db.q.deleteFrom('idempotency_keys').where('companyId', '=', companyId).where('userId', '=', userId).where('key', '=', key)),
  purge: async (db: Db, before: string) => (await db.run(db.q.deleteFrom('idempotency_keys').where('createdAt', '<=', before))).changes,
};
