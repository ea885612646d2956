// One-time code challenges of the sign-in (codes stored hashed).
import type { Db } from '../db/database.ts';
import type { OtpChallengeTable } from '../db/schema.ts';

type Resend = Pick<OtpChallengeTable, 'codeHash' | 'target' | 'target2' | 'sendCount' | 'lastSentAt' | 'expiresAt'>;

export const otpChallenges = {
  insert: (db: Db, challenge: OtpChallengeTable) => db.run(db.q.insertInto('otp_challenges').values(challenge)),
  find: (db: Db, otpGuid: string) => db.first(db.q.selectFrom('otp_challenges').selectAll().where('otpGuid', '=', otpGuid)),
  accountOf: (db: Db, otpGuid: string) => db.first(db.q.selectFrom('otp_challenges').select(['companyId', 'userName']).where('otpGuid', '=', otpGuid)),
  resent: (db: Db, otpGuid: string, changes: Resend) => db.run(db.q.updateTable('otp_challenges').set(changes).where('otpGuid', '=', otpGuid)),
  /** One more wrong code (counted in the database, so two processes never lose one). */
  countWrong: (db: Db, otpGuid: string) => db.run(db.q.updateTable('otp_challenges').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('otpGuid', '=', otpGuid)),
  consume: (db: Db, otpGuid: string, at: string) => db.run(db.q.updateTable('otp_challenges').set({ consumedAt: at }).where('otpGuid', '=', otpGuid)),
  purge: async (db: Db, nowIso: string) => (await db.run(db.q.deleteFrom('otp_challenges').where('expiresAt', '<=', nowIso))).changes,
};
