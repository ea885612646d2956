// One-time code challenges of the sign-in (codes stored hashed; migration 023 for their shape).
import type { Db } from '../db/database.ts';
import type { OtpChallengeTable } from '../db/schema.ts';

type Resend = Pick<OtpChallengeTable, 'codeHash' | 'sendCount' | 'lastSentAt' | 'expiresAt'>;

export type OtpChallenge = OtpChallengeTable;

export const otpChallenges = {
  insert: (db: Db, challenge: OtpChallengeTable) => db.run(db.q.insertInto('otp_challenges').values(challenge)),
  find: (db: Db, otpGuid: string) => db.first(db.q.selectFrom('otp_challenges').selectAll().where('otpGuid', '=', otpGuid)),
  /** The challenge of this subject and method whose code still works (not spent, not expired, not locked), if any. */
  live: (db: Db, subject: string, method: string, nowIso: string, maxWrong: number) =>
    db.first(
      db.q
        .selectFrom('otp_challenges')
        .selectAll()
        .where('subject', '=', subject)
        .where('method', '=', method)
        .where('consumedAt', 'is', null)
        .where('expiresAt', '>', nowIso)
        .where('attempts', '<', maxWrong)
        .orderBy('createdAt', 'desc')
        .limit(1),
    ),
  accountOf: (db: Db, otpGuid: string) => db.first(db.q.selectFrom('otp_challenges').select(['companyId', 'userName']).where('otpGuid', '=', otpGuid)),
  resent: (db: Db, otpGuid: string, changes: Resend) => db.run(db.q.updateTable('otp_challenges').set(changes).where('otpGuid', '=', otpGuid)),
  /** One more wrong code (counted in the database, so two processes never lose one). */
  countWrong: (db: Db, otpGuid: string) => db.run(db.q.updateTable('otp_challenges').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('otpGuid', '=', otpGuid)),
  /** Spends the code; false when another request spent it first (a code signs in once). */
  consume: async (db: Db, otpGuid: string, at: string): Promise<boolean> =>
    (await db.run(db.q.updateTable('otp_challenges').set({ consumedAt: at }).where('otpGuid', '=', otpGuid).where('consumedAt', 'is', null))).changes === 1,
  /** A user's codes stop working (their account was disabled). */
  spendOfUser: (db: Db, userId: number, at: string) =>
    db.run(db.q.updateTable('otp_challenges').set({ consumedAt: at }).where('userId', '=', userId).where('consumedAt', 'is', null)),
  purge: async (db: Db, nowIso: string) => (await db.run(db.q.deleteFrom('otp_challenges').where('expiresAt', '<=', nowIso))).changes,
};
