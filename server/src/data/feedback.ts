// App feedback (spec 1).
import type { Db } from '../db/database.ts';
import { asBoolean } from '../db/records.ts';

export type FeedbackRecord = { id: string; rating: number; message: string; mayContact: boolean; createdAt: string };

export const feedback = {
  exists: async (db: Db, id: string): Promise<boolean> => (await db.first(db.q.selectFrom('app_feedback').select('id').where('id', '=', id))) !== undefined,
  insert: (db: Db, record: FeedbackRecord, companyId: number, userName: string) => db.run(db.q.insertInto('app_feedback').values({ ...record, companyId, userName })),
  /** A user's own feedback, newest first. */
  ofUser: async (db: Db, companyId: number, userName: string): Promise<FeedbackRecord[]> =>
    (
      await db.all(
        db.q.selectFrom('app_feedback').selectAll().where('companyId', '=', companyId).where('userName', '=', userName).orderBy('createdAt', 'desc'),
      )
    ).map((r) => ({ id: r.id, rating: r.rating, message: r.message, mayContact: asBoolean(r.mayContact), createdAt: r.createdAt })),
};
