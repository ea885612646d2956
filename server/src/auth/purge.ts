// What sign-in leaves behind and nobody needs once expired: one-time codes, renewal secrets (spent and
// revoked ones are kept until their own expiry, so a reused secret is still recognised and revokes its
// chain) and counters (sign-in failures, usage limits) whose window and lock are over. Run by the purge job (jobs/purge.ts).
import type { Db } from '../db/database.ts';
import { otpChallenges } from '../data/otpChallenges.ts';
import { renewalSecrets } from '../data/renewalSecrets.ts';
import { purgeRateLimits } from './rateLimitStore.ts';
import { longestLimitMs } from './signInLimits.ts';
import type { SignInLimits } from './signInLimits.ts';
import { longestUsageWindowMs } from '../limits/usageLimits.ts';
import type { UsageLimits } from '../limits/usageLimits.ts';

export type PurgeCounts = { otpChallenges: number; renewalSecrets: number; rateLimits: number };

export function purgeExpiredSignInData(ctx: { db: Db; now: () => Date; signInLimits: SignInLimits; usageLimits: UsageLimits }): Promise<PurgeCounts> {
  const at = ctx.now();
  const nowIso = at.toISOString();
  return ctx.db.tx(async (tx) => ({
    otpChallenges: await otpChallenges.purge(tx, nowIso),
    renewalSecrets: await renewalSecrets.purge(tx, nowIso),
    rateLimits: await purgeRateLimits(tx, at, Math.max(longestLimitMs(ctx.signInLimits), longestUsageWindowMs(ctx.usageLimits))),
  }));
}
