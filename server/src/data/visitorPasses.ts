// Visitors a tenant pre-approves at the front desk (issue 31 item 5; routes/visitorPasses.ts).
import type { Db } from '../db/database.ts';
import type { VisitorPassTable } from '../db/schema.ts';

const passColumns = ['id', 'companyId', 'buildingId', 'apartmentId', 'name', 'visitDate', 'note', 'status', 'arrivedAt', 'createdBy', 'version'] as const;

/** What the routes read of a pre-approval. */
export type PassRow = Omit<VisitorPassTable, 'companyId' | 'createdByUserId' | 'createdAt' | 'updatedAt' | 'visitorId'> & { companyId: number };

export const visitorPasses = {
  find: (db: Db, id: string): Promise<PassRow | undefined> => db.first(db.q.selectFrom('visitor_passes').select(passColumns).where('id', '=', id)),
  /** Pre-approvals of the apartment on that day that still stand (the daily limit), leaving one out (its own edit). */
  countOfDay: async (db: Db, apartmentId: string, visitDate: string, except: string | null): Promise<number> => {
    let query = db.q
      .selectFrom('visitor_passes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('apartmentId', '=', apartmentId)
      .where('visitDate', '=', visitDate)
      .where('status', '=', 'expected');
    if (except) query = query.where('id', '!=', except);
    return Number((await db.first(query))?.n ?? 0);
  },
  /** The apartment's expected visitors from `fromDate` on, soonest first. */
  upcomingOfApartment: (db: Db, companyId: number, apartmentId: string, fromDate: string): Promise<PassRow[]> =>
    db.all(
      db.q
        .selectFrom('visitor_passes')
        .select(passColumns)
        .where('companyId', '=', companyId)
        .where('apartmentId', '=', apartmentId)
        .where('visitDate', '>=', fromDate)
        .where('status', '=', 'expected')
        .orderBy('visitDate')
        .orderBy('createdAt')
        .limit(200),
    ),
  /** The building's expected visitors of one day, by name. */
  expectedOfDay: (db: Db, companyId: number, buildingId: number, day: string): Promise<PassRow[]> =>
    db.all(
      db.q
        .selectFrom('visitor_passes')
        .select(passColumns)
        .where('companyId', '=', companyId)
        .where('buildingId', '=', buildingId)
        .where('visitDate', '=', day)
        .where('status', '=', 'expected')
        .orderBy('name')
        .limit(500),
    ),
  /** What the desk needs to let a pre-approved visitor in. */
  findForDesk: (db: Db, id: string) =>
    db.first(db.q.selectFrom('visitor_passes').select(['id', 'buildingId', 'companyId', 'status', 'visitorId', 'version']).where('id', '=', id)),
  /** Marks the pass arrived with its first visitor; a pass someone already came in on keeps that one. */
  markArrived: (db: Db, id: string, visitorId: string, arrivedAt: string, version: number) =>
    db.run(
      db.q
        .updateTable('visitor_passes')
        .set({ visitorId, arrivedAt, updatedAt: arrivedAt, version })
        .where('id', '=', id)
        .where('visitorId', 'is', null),
    ),
  insert: (db: Db, row: VisitorPassTable) => db.run(db.q.insertInto('visitor_passes').values(row)),
  /** Changes a pre-approval still at `version` (the caller checked it in the same transaction). */
  update: (db: Db, id: string, version: number, changes: Partial<Pick<VisitorPassTable, 'name' | 'visitDate' | 'note' | 'status' | 'version' | 'updatedAt'>>) =>
    db.run(db.q.updateTable('visitor_passes').set(changes).where('id', '=', id).where('version', '=', version)),
};
