// Tenants following a common-area call someone else reported (issue 31 item 1): they joined it instead of
// reporting the same fault again, and hear of its status like its reporter (messaging/callNotice.ts).
import type { Db } from '../db/database.ts';
import type { ServiceCallFollowerTable } from '../db/schema.ts';

export const callFollowers = {
  ofCall: (db: Db, serviceCallId: string): Promise<ServiceCallFollowerTable[]> =>
    db.all(db.q.selectFrom('service_call_followers').selectAll().where('serviceCallId', '=', serviceCallId)),
  /** The calls this user follows, among `callIds`. */
  followedBy: async (db: Db, userId: number, callIds: readonly string[]): Promise<Set<string>> =>
    new Set(
      callIds.length === 0
        ? []
        : (await db.all(db.q.selectFrom('service_call_followers').select('serviceCallId').where('userId', '=', userId).where('serviceCallId', 'in', [...callIds]))).map((r) => r.serviceCallId),
    ),
  /** Follows once: joining twice (two devices, a replay) keeps one row. */
  add: async (db: Db, row: ServiceCallFollowerTable): Promise<void> => {
    const held = await db.first(db.q.selectFrom('service_call_followers').select('userId').where('serviceCallId', '=', row.serviceCallId).where('userId', '=', row.userId));
    if (!held) await db.run(db.q.insertInto('service_call_followers').values(row));
  },
};
