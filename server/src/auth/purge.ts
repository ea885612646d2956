// What sign-in leaves behind and nobody needs once expired: one-time codes, renewal secrets (spent and
// revoked ones are kept until their own expiry, so a reused secret is still recognised and revokes its
// chain) and failure counters whose window and lock are over. Run by the purge job (jobs/purge.ts).
import type { AppContext } from '../context.ts';
import { purgeRateLimits } from './rateLimitStore.ts';
import { longestLimitMs } from './signInLimits.ts';

export type PurgeCounts = { otpChallenges: number; renewalSecrets: number; rateLimits: number };

export function purgeExpiredSignInData(ctx: Pick<AppContext, 'db' | 'now' | 'signInLimits'>): PurgeCounts {
  const { db } = ctx;
  const at = ctx.now();
  const nowIso = at.toISOString();
  return db.tx(() => ({
    otpChallenges: db.run(db.q.deleteFrom('otp_challenges').where('expiresAt', '<=', nowIso)).changes,
    renewalSecrets: db.run(db.q.deleteFrom('renewal_secrets').where('expiresAt', '<=', nowIso)).changes,
    rateLimits: purgeRateLimits(db, at, longestLimitMs(ctx.signInLimits)),
  }));
}
