// What the server keeps for itself (migration 025): never in `settings`, whose public names any
// signed-in user reads through GetGlobalAPI (routes/provider.ts).
import type { Db } from '../db/database.ts';

export const serverSecrets = {
  get: async (db: Db, name: string): Promise<string | null> => (await db.first(db.q.selectFrom('server_secrets').select('value').where('name', '=', name)))?.value ?? null,
  /** Keeps `value` unless the secret exists already (two processes racing: the first one wins). */
  putIfAbsent: (db: Db, name: string, value: string) => db.run(db.q.insertInto('server_secrets').values({ name, value }).onConflict((oc) => oc.column('name').doNothing())),
};
