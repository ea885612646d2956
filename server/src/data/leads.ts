// Prospective customers' "contact us" details (migration 013).
import type { Db } from '../db/database.ts';
import type { LeadTable } from '../db/schema.ts';

export type Lead = Omit<LeadTable, 'companyId'>;

export const leads = {
  insert: (db: Db, lead: Lead, companyId: number) => db.run(db.q.insertInto('leads').values({ ...lead, companyId })),
  find: (db: Db, id: string) => db.first(db.q.selectFrom('leads').selectAll().where('id', '=', id)),
  /** The company's leads, those not called back yet first, newest first. */
  ofCompany: async (db: Db, companyId: number): Promise<Lead[]> => {
    const rows = await db.all(db.q.selectFrom('leads').selectAll().where('companyId', '=', companyId).orderBy('createdAt', 'desc').limit(500));
    return rows.map(({ companyId: _c, ...lead }) => lead).sort((a, b) => Number(a.calledBackAt !== null) - Number(b.calledBackAt !== null));
  },
  markCalledBack: (db: Db, id: string, by: string, at: string) => db.run(db.q.updateTable('leads').set({ calledBackAt: at, calledBackBy: by }).where('id', '=', id)),
  /** The company a public form goes to: the one named, else the first (the operator's own). */
  companyFor: async (db: Db, companyCode: number | null): Promise<number | null> => {
    // A code naming no company answers none: the caller's details never land with a company they did not write to.
    if (companyCode !== null) return (await db.first(db.q.selectFrom('companies').select('id').where('id', '=', companyCode)))?.id ?? null;
    return (await db.first(db.q.selectFrom('companies').select('id').orderBy('id').limit(1)))?.id ?? null;
  },
};
