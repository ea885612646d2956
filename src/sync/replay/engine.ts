// The replay engine: one module for the service worker and the page (no DOM, no React). It sends the
// current user's outbox entries in order per record, several records at a time, mutations before
// photos, dependencies first; a stuck record blocks only itself and what depends on it.
import type { ApiClient } from '../../api/client';
import type { OutboxEntry, SyncOutcome } from '../../db/outboxRows';
import { DEFAULT_BATCH_LIMITS } from './batch';
import type { BatchLimits } from './batch';
import { replayLock } from './lock';
import type { LockRunner } from './lock';
import type { OutcomeClock } from './markSent';
import { outboxOf } from '../write/outbox';
import { runPass } from './pass';
import type { PassContext, PassReport } from './pass';
import type { SessionPort } from './sessionPort';

export const DEFAULT_CONCURRENCY = 8;

export type EngineStatus = { replaying: boolean; needsLogin: boolean };

export type ReplayReport = PassReport & {
  /** False when another context holds the replay lock (it will do the work). */
  ran: boolean;
  /** The device knows it is offline: nothing was attempted; the next `online` trigger replays. */
  waitingForConnection?: boolean;
};

export type EngineDeps = {
  api: ApiClient;
  session: SessionPort;
  concurrency?: number;
  clock?: Partial<OutcomeClock>;
  lock?: LockRunner;
  onStatus?: (status: EngineStatus) => void;
  onAttempt?: (entry: OutboxEntry, outcome: SyncOutcome) => void;
  /**
   * The platform's connectivity flag (`navigator.onLine`). While it says offline nothing is attempted:
   * an attempt cannot succeed, and each one would only count and push the backoff further.
   */
  isOnline?: () => boolean;
  /** Several changes per request (batch.ts): on by default; false sends one request per change. */
  batches?: boolean | Partial<BatchLimits>;
};

export type ReplayOptions = {
  /**
   * The connection is (probably) back: entries waiting after a failure that never reached a server
   * (network error, timeout) go now, not at the end of a backoff that grew while the device was
   * offline (every change made in a basement is one more failed attempt of the older ones).
   */
  connectivityRestored?: boolean;
  /** The trigger itself shows a connection (protocol.ts `confirmsConnectivity`): skip the offline check. */
  connectivityConfirmed?: boolean;
  /** What started the pass and where it runs (e.g. `worker:sync-event`): kept on each attempt's log row. */
  trigger?: string;
};

export type ReplayEngine = { replay(options?: ReplayOptions): Promise<ReplayReport>; isReplaying(): boolean };

/** Waiting entries of the user whose last attempt never reached a server become due now; returns how many. */
export function dueAfterReconnect(userKey: string, nowMs: number): Promise<number> {
  return outboxOf(userKey)
    .filter(
      (e) =>
        e.state === 'pending' && e.nextAttemptAt > nowMs && e.lastError?.kind === 'retry' && (e.lastError.code === 'network' || e.lastError.code === 'timeout'),
    )
    .modify({ nextAttemptAt: nowMs });
}

export function createReplayEngine(deps: EngineDeps): ReplayEngine {
  const clock: OutcomeClock = { now: deps.clock?.now ?? Date.now, random: deps.clock?.random ?? Math.random };
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY;
  const lock = deps.lock ?? replayLock();
  const batchLimits = { ...DEFAULT_BATCH_LIMITS, ...(typeof deps.batches === 'object' ? deps.batches : {}) };
  const shared: PassContext['shared'] = { batchesSupported: deps.batches !== false, planStale: false };
  let replaying = false;

  function run(userKey: string, trigger: string | undefined): Promise<PassReport> {
    return runPass({ api: deps.api, session: deps.session, clock, concurrency, batchLimits, onAttempt: deps.onAttempt, trigger, shared }, userKey);
  }

  // This engine's pass holding the lock (resolved once the lock is let go), how many have let go, and
  // the one pass that follows them.
  let ownPass: Promise<void> | null = null;
  let passesEnded = 0;
  let followUp: Promise<ReplayReport> | null = null;

  async function replay(options: ReplayOptions = {}): Promise<ReplayReport> {
    // A pass under way here picks up what this call is about (e.g. a change just made).
    if (replaying) shared.planStale = true;
    const userKey = await deps.session.currentUserKey();
    if (userKey === null) return { ran: false, applied: 0, attempted: 0, needsLogin: true, remaining: 0, held: 0, attention: 0, nextWakeAt: null };
    if (!options.connectivityConfirmed && deps.isOnline?.() === false) {
      return { ran: false, applied: 0, attempted: 0, needsLogin: false, remaining: 0, held: 0, attention: 0, nextWakeAt: null, waitingForConnection: true };
    }
    const ongoing = ownPass;
    const endedBefore = passesEnded;
    let letGo: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (letGo = resolve));
    const result = await lock(async () => {
      ownPass = done;
      replaying = true;
      deps.onStatus?.({ replaying: true, needsLogin: false });
      try {
        if (options.connectivityRestored) await dueAfterReconnect(userKey, clock.now());
        return await run(userKey, options.trigger);
      } finally {
        replaying = false;
      }
    }).finally(() => {
      if (ownPass === done) {
        ownPass = null;
        passesEnded += 1;
      }
      letGo();
    });
    if (!result.acquired) {
      // This engine's own pass held the lock, and may have looked at the outbox for the last time
      // already (it was finishing): what this call is about goes in one pass right after it.
      const own = ownPass ?? ongoing ?? (passesEnded !== endedBefore ? Promise.resolve() : null);
      if (own) {
        followUp ??= own.then(() => {
          followUp = null;
          return replay(options);
        });
        return followUp;
      }
      return { ran: false, applied: 0, attempted: 0, needsLogin: false, remaining: 0, held: 0, attention: 0, nextWakeAt: null };
    }
    deps.onStatus?.({ replaying: false, needsLogin: result.value.needsLogin });
    return { ran: true, ...result.value };
  }

  return { replay, isReplaying: () => replaying };
}
