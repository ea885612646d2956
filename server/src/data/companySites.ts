// A management company's customised sites (migration 018), in the order staff listed them.
import type { Db } from '../db/database.ts';

export const companySites = {
  ofCompany: async (db: Db, companyId: number): Promise<string[]> =>
    (await db.all(db.q.selectFrom('company_sites').select('url').where('companyId', '=', companyId).orderBy('position'))).map((r) => r.url),
  /** Replaces the company's whole list (the latest save wins). */
  replace: async (db: Db, companyId: number, urls: readonly string[], now: string): Promise<void> => {
    await db.run(db.q.deleteFrom('company_sites').where('companyId', '=', companyId));
    if (urls.length > 0) await db.run(db.q.insertInto('company_sites').values(urls.map((url, position) => ({ companyId, position, url, updatedAt: now }))));
  },
};
