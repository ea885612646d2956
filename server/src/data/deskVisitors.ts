// The front desk's visitors log (routes/deskVisitors.ts).
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { VisitorTable } from '../db/schema.ts';

export const deskVisitors = {
  find: (db: Db, id: string) => db.first(db.q.selectFrom('visitors').selectAll().where('id', '=', id)),
  exists: async (db: Db, id: string): Promise<boolean> => (await db.first(db.q.selectFrom('visitors').select('id').where('id', '=', id))) !== undefined,
  /** The building's visitors who arrived since `since`, and those still inside, newest first. */
  ofBuilding: (db: Db, companyId: number, buildingId: number, since: string) =>
    db.all(
      db.q
        .selectFrom('visitors')
        .select(['id', 'buildingId', 'name', 'apartment', 'arrivedAt', 'leftAt', 'createdBy', 'passId'])
        .where('companyId', '=', companyId)
        .where('buildingId', '=', buildingId)
        .where((eb) => eb.or([eb('arrivedAt', '>=', since), eb('leftAt', 'is', null)]))
        .orderBy('arrivedAt', 'desc')
        .limit(500),
    ),
  insert: (db: Db, visitor: Insertable<VisitorTable>) => db.run(db.q.insertInto('visitors').values(visitor)),
  markLeft: (db: Db, id: string, leftAt: string) => db.run(db.q.updateTable('visitors').set({ leftAt }).where('id', '=', id)),
};
