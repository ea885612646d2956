// Failure counters of sign-in and code checks (auth/rateLimitStore.ts), shared by every process.
import type { Db } from '../db/database.ts';
import type { RateLimitTable } from '../db/schema.ts';

export const rateLimits = {
  find: (db: Db, scope: string, key: string) => db.first(db.q.selectFrom('rate_limits').selectAll().where('scope', '=', scope).where('key', '=', key)),
  save: (db: Db, row: RateLimitTable) =>
    db.run(
      db.q
        .insertInto('rate_limits')
        .values(row)
        .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ windowStart: row.windowStart, count: row.count, lockedUntil: row.lockedUntil })),
    ),
  reset: (db: Db, scope: string, key: string) => db.run(db.q.deleteFrom('rate_limits').where('scope', '=', scope).where('key', '=', key)),
  /** Counters whose window started before `windowCut` and whose lock (if any) is over at `nowIso`. */
  purge: async (db: Db, nowIso: string, windowCut: string) =>
    (
      await db.run(
        db.q
          .deleteFrom('rate_limits')
          .where('windowStart', '<=', windowCut)
          .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<=', nowIso)])),
      )
    ).changes,
};
