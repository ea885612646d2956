// Deposit confirmations of submitted payments (routes/checkDeposit.ts).
import type { Db } from '../db/database.ts';
import type { DepositConfirmationTable } from '../db/schema.ts';

export type DepositStart = Pick<DepositConfirmationTable, 'codeHash' | 'attempts' | 'expiresAt' | 'confirmedAt' | 'userName'> & {
  startCount: number;
  startWindowAt: string;
};

export const deposits = {
  find: (db: Db, groupGuid: string) => db.first(db.q.selectFrom('deposit_confirmations').selectAll().where('ChecksHeaderGuid', '=', groupGuid)),
  /** A new code for the group (its attempts start over; the call count goes on). */
  start: (db: Db, groupGuid: string, companyId: number, createdAt: string, start: DepositStart) =>
    db.run(
      db.q
        .insertInto('deposit_confirmations')
        .values({ ChecksHeaderGuid: groupGuid, companyId, createdAt, answer: null, ...start })
        .onConflict((oc) => oc.column('ChecksHeaderGuid').doUpdateSet(start)),
    ),
  /** One more wrong code (counted in the database, so two processes never lose one). */
  countWrong: (db: Db, groupGuid: string) =>
    db.run(db.q.updateTable('deposit_confirmations').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('ChecksHeaderGuid', '=', groupGuid)),
  /** Marks the group confirmed with its answer, only if no confirm did first; true for the one that did. */
  confirmFirst: async (db: Db, groupGuid: string, at: string, answer: string): Promise<boolean> =>
    (
      await db.run(
        db.q.updateTable('deposit_confirmations').set({ confirmedAt: at, answer }).where('ChecksHeaderGuid', '=', groupGuid).where('answer', 'is', null),
      )
    ).changes === 1,
  /** Which of these groups have a confirmed deposit. */
  confirmedAmong: async (db: Db, groupGuids: readonly string[]): Promise<Set<string>> => {
    if (groupGuids.length === 0) return new Set();
    const rows = await db.all(
      db.q.selectFrom('deposit_confirmations').select('ChecksHeaderGuid').where('ChecksHeaderGuid', 'in', [...groupGuids]).where('confirmedAt', 'is not', null),
    );
    return new Set(rows.map((r) => r.ChecksHeaderGuid));
  },
  /** Unconfirmed codes that expired before `before`. */
  purge: async (db: Db, before: string) =>
    (await db.run(db.q.deleteFrom('deposit_confirmations').where('confirmedAt', 'is', null).where('expiresAt', '<=', before))).changes,
};
