// Log lines the devices send (style 2 LogData).
import type { Db } from '../db/database.ts';

export const appLogs = {
  insert: (db: Db, companyId: number, userName: string, message: string, createdAt: string) =>
    db.run(db.q.insertInto('app_logs').values({ companyId, userName, message, createdAt })),
  purge: async (db: Db, before: string) => (await db.run(db.q.deleteFrom('app_logs').where('createdAt', '<=', before))).changes,
};
