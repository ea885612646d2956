// What the database must not keep forever: ended sessions, spent one-time and deposit codes, old log
// rows and idempotency keys past the longest time a device may still hold a change (docs/api.md,
// "Retention"). Runs at start and then on a schedule; each run is one short transaction per table.
import { purgeExpiredSignInData } from '../auth/purge.ts';
import type { PurgeCounts as SignInPurgeCounts } from '../auth/purge.ts';
import type { AppContext } from '../context.ts';

const DAY_MS = 86_400_000;

export const retention = {
  /** Longer than a device can hold an unsent change: the 60-day session cookie plus a 120-day margin. */
  idempotencyKeysDays: 180,
  appLogsDays: 90,
  /** Expired deposit codes are kept a day for support questions (one-time codes: auth/purge.ts). */
  codesDays: 1,
  intervalMs: 60 * 60_000,
} as const;

export type PurgeCounts = SignInPurgeCounts & { sessions: number; depositConfirmations: number; appLogs: number; idempotencyKeys: number };

export function purgeExpired(ctx: AppContext): PurgeCounts {
  const { db } = ctx;
  const now = ctx.now().getTime();
  const before = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const nowIso = new Date(now).toISOString();
  return {
    ...purgeExpiredSignInData(ctx),
    sessions: db.run(db.q.deleteFrom('sessions').where('expiresAt', '<=', nowIso)).changes,
    depositConfirmations: db.run(
      db.q.deleteFrom('deposit_confirmations').where('confirmedAt', 'is', null).where('expiresAt', '<=', before(retention.codesDays)),
    ).changes,
    appLogs: db.run(db.q.deleteFrom('app_logs').where('createdAt', '<=', before(retention.appLogsDays))).changes,
    idempotencyKeys: db.run(db.q.deleteFrom('idempotency_keys').where('createdAt', '<=', before(retention.idempotencyKeysDays))).changes,
  };
}

/** Purges now and every `intervalMs`; the timer never keeps the process alive. Returns the stopper. */
export function schedulePurge(ctx: AppContext, onError: (error: unknown) => void, intervalMs: number = retention.intervalMs): () => void {
  const run = () => {
    try {
      purgeExpired(ctx);
    } catch (error) {
      onError(error);
    }
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
