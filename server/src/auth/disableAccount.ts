// An approved data deletion ends the account (issue 27 §14): its personal details are removed, it is
// disabled (no password or phone sign-in, no code, no renewal: otp.ts, tenantPhone.ts, renewal.ts,
// sessions.ts check `disabledAt`), its sessions end, every renewal chain of every device is revoked and
// its pending codes are spent. In the deciding request's transaction; the caller then forgets this
// process's cached sessions (other processes see the users change: auth/sessions.ts).
import type { Db } from '../db/database.ts';
import { otpChallenges } from '../data/otpChallenges.ts';
import { renewalSecrets } from '../data/renewalSecrets.ts';
import { sessions } from '../data/sessions.ts';
import { users } from '../data/users.ts';

export async function disableAccount(tx: Db, userId: number, at: string): Promise<void> {
  await users.disable(tx, userId, at);
  await renewalSecrets.revokeOfUser(tx, userId, at);
  await otpChallenges.spendOfUser(tx, userId, at);
  await sessions.removeOfUser(tx, userId);
}
