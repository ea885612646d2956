// Service calls and their updates.
import type { ServiceCall, ServiceCallUpdate } from '../../../src/lib/domain/entities.ts';
import { counter } from '../db/counters.ts';
import type { Db } from '../db/database.ts';
import { deleteWhere, resource } from '../db/records.ts';
import { specs } from '../db/specs.ts';

const FIRST_CALL_NUMBER = 1001;

export const serviceCallUpdates = resource<ServiceCallUpdate>(specs.serviceCallUpdates);

const calls = resource<ServiceCall>(specs.serviceCalls);

/** Call numbers, one counter per company. */
const callNumbers = counter(
  FIRST_CALL_NUMBER,
  (q, companyId: number) => q.selectFrom('service_calls').select((eb) => eb.fn.max('callNumber').as('max')).where('companyId', '=', companyId),
  1,
);

export const serviceCalls = {
  ...calls,
  /** The company's next call number (numbers are per company, from 1001). */
  nextNumber: (db: Db, companyId: number) => db.nextNumber(callNumbers, `callNumber:${companyId}`, companyId),
  /** A call and its updates. */
  async remove(db: Db, id: string): Promise<void> {
    await deleteWhere(db, 'service_call_updates', 'serviceCallId', id);
    await calls.remove(db, id);
  },
  /** An update's time on its call, without a new version (an update is its own record). */
  touchLastUpdate: (db: Db, id: string, at: string) => db.run(db.q.updateTable('service_calls').set({ lastUpdateAt: at }).where('id', '=', id)),
  /** How many calls the user reported from the tenant app since `since` (the tenant's daily limit). */
  async reportedSince(db: Db, userId: number, since: string): Promise<number> {
    const row = await db.first(
      db.q
        .selectFrom('service_calls')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('reporterUserId', '=', userId)
        .where('openedAt', '>', since),
    );
    return Number(row?.n ?? 0);
  },
  /** How many calls of the company are open, in the given buildings (null: all of them). */
  async countOpen(db: Db, companyId: number, buildingIds: ReadonlySet<number> | null): Promise<number> {
    let query = db.q
      .selectFrom('service_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('companyId', '=', companyId)
      .where('status', 'not in', ['closed', 'cancelled', 'planned']);
    if (buildingIds !== null) query = query.where('buildingId', 'in', buildingIds.size > 0 ? [...buildingIds] : [-1]);
    return Number((await db.first(query))?.n ?? 0);
  },
};
