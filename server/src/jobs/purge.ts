// What the database must not keep forever: ended sessions, spent one-time and deposit codes, old log
// rows, idempotency keys, idle photo uploads and the incremental pull's change log past the longest time a device may still hold a change (docs/api.md,
// "Retention"). Runs at start and then on a schedule; with several server processes on one database,
// one of them runs it per interval (the `jobs` row's lease, data/jobs.ts).
import { purgeExpiredSignInData } from '../auth/purge.ts';
import type { PurgeCounts as SignInPurgeCounts } from '../auth/purge.ts';
import { scheduleLeasedJob } from './leasedJob.ts';
import type { AppContext } from '../context.ts';
import { appLogs } from '../data/appLogs.ts';
import { deposits } from '../data/deposits.ts';
import { idempotencyKeys } from '../data/idempotencyKeys.ts';
import { resumableUploads } from '../data/resumableUploads.ts';
import { sessions } from '../data/sessions.ts';
import { syncChanges } from '../data/syncChanges.ts';

const DAY_MS = 86_400_000;

export const retention = {
  /** Longer than a device can hold an unsent change: the 60-day session cookie plus a 120-day margin. */
  idempotencyKeysDays: 180,
  appLogsDays: 90,
  /**
   * The incremental pull's change log: a device whose cursor is older takes its buildings whole again
   * (it is answered "too old"); as long as the 60-day session cookie.
   */
  syncChangesDays: 60,
  /** Expired deposit codes are kept a day for support questions (one-time codes: auth/purge.ts). */
  codesDays: 1,
  intervalMs: 60 * 60_000,
} as const;

export const PURGE_JOB = 'purge';

export type PurgeCounts = SignInPurgeCounts & {
  sessions: number;
  depositConfirmations: number;
  appLogs: number;
  idempotencyKeys: number;
  syncChanges: number;
  resumableUploads: number;
};

export async function purgeExpired(ctx: Pick<AppContext, 'db' | 'now' | 'signInLimits' | 'usageLimits'>): Promise<PurgeCounts> {
  const { db } = ctx;
  const now = ctx.now().getTime();
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const nowIso = new Date(now).toISOString();
  return {
    ...(await purgeExpiredSignInData(ctx)),
    sessions: await sessions.purge(db, nowIso),
    depositConfirmations: await deposits.purge(db, before(retention.codesDays)),
    appLogs: await appLogs.purge(db, before(retention.appLogsDays)),
    idempotencyKeys: await idempotencyKeys.purge(db, before(retention.idempotencyKeysDays)),
    syncChanges: await syncChanges.purge(db, before(retention.syncChangesDays)),
    // An upload's expiry moves with each part it receives (routes/resumableUploads.ts).
    resumableUploads: await resumableUploads.purge(db, nowIso),
  };
}

/** Purges now and every `intervalMs`, one process per interval (jobs/leasedJob.ts); returns the stopper. */
export function schedulePurge(ctx: AppContext, onError: (error: unknown) => void, intervalMs: number = retention.intervalMs): () => Promise<void> {
  return scheduleLeasedJob(ctx, PURGE_JOB, () => purgeExpired(ctx), onError, intervalMs);
}
