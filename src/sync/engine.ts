// The replay engine: one module for the service worker and the page (no DOM, no React). It sends the
// current user's outbox entries in order per record, several records at a time, mutations before
// photos, dependencies first; a stuck record blocks only itself and what depends on it.
import type { ApiClient } from '../api/client';
import type { OutboxEntry, SyncOutcome } from '../db/outboxRows';
import { replayLock } from './lock';
import { entriesFor, outboxOf } from './outbox';
import type { LockRunner } from './lock';
import { applyVerdict, markInFlight } from './outcome';
import type { OutcomeClock } from './outcome';
import { createPlan } from './plan';
import type { Plan } from './plan';
import { sendEntry } from './send';
import type { SessionPort } from './sessionPort';
import { SYNC_LOG_LIMIT, trimSyncLog } from './syncLog';

export const DEFAULT_CONCURRENCY = 8;
const PHOTO_CONCURRENCY = 2;
const MAX_RENEWALS_PER_RUN = 2;

export type EngineStatus = { replaying: boolean; needsLogin: boolean };

export type ReplayReport = {
  /** False when another context holds the replay lock (it will do the work). */
  ran: boolean;
  applied: number;
  attempted: number;
  needsLogin: boolean;
  /** Pending entries of the user that wait for their retry time. */
  remaining: number;
  attention: number;
  /** Earliest retry time of a waiting entry (epoch ms), to set a timer; null when none. */
  nextWakeAt: number | null;
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
};

export type ReplayEngine = { replay(options?: ReplayOptions): Promise<ReplayReport>; isReplaying(): boolean };

/** Entries that may be sent now, in the order they should start. Pure, so ordering is testable. */
export function runnableEntries(entries: readonly OutboxEntry[], nowMs: number, running: ReadonlySet<string>): OutboxEntry[] {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const firstSeqByKey = new Map<string, number>();
  for (const e of sorted) if (!firstSeqByKey.has(e.entityKey)) firstSeqByKey.set(e.entityKey, e.seq);
  const busyKeys = new Set(sorted.filter((e) => running.has(e.id)).map((e) => e.entityKey));
  const waitsOn = (entry: OutboxEntry) => {
    for (const dep of entry.dependsOn) {
      const first = firstSeqByKey.get(dep);
      if (first !== undefined && first < entry.seq) return true;
    }
    return false;
  };
  return sorted
    .filter((e) => firstSeqByKey.get(e.entityKey) === e.seq)
    .filter((e) => e.state !== 'attention' && !busyKeys.has(e.entityKey) && e.nextAttemptAt <= nowMs && !waitsOn(e))
    .sort((a, b) => (a.kind === b.kind ? a.seq - b.seq : a.kind === 'mutation' ? -1 : 1));
}

/** Waiting entries of the user whose last attempt never reached a server become due now; returns how many. */
export function dueAfterReconnect(userKey: string, nowMs: number): Promise<number> {
  return outboxOf(userKey)
    .filter((e) => e.state === 'pending' && e.nextAttemptAt > nowMs && e.lastError?.kind === 'retry' && (e.lastError.code === 'network' || e.lastError.code === 'timeout'))
    .modify({ nextAttemptAt: nowMs });
}

export function createReplayEngine(deps: EngineDeps): ReplayEngine {
  const clock: OutcomeClock = { now: deps.clock?.now ?? Date.now, random: deps.clock?.random ?? Math.random };
  const concurrency = deps.concurrency ?? DEFAULT_CONCURRENCY;
  const lock = deps.lock ?? replayLock();
  let replaying = false;
  // Set when a replay is asked for while this engine replays (a new local change): the pass re-reads the outbox.
  let planStale = false;

  /** Sends one entry already marked in flight (or gone: null) and applies the answer with its log row. */
  async function attempt(sent: OutboxEntry | null, plan: Plan): Promise<SyncOutcome> {
    if (!sent) return 'error';
    const started = clock.now();
    const { verdict, method, path } = await sendEntry(deps.api, sent, clock.now);
    const message = verdict.kind === 'applied' ? '' : verdict.kind === 'auth' ? 'session expired' : verdict.message;
    const { outcome, entries } = await applyVerdict(sent, verdict, clock, {
      at: new Date(started).toISOString(),
      startedMs: started,
      entryId: sent.id,
      entityKey: sent.entityKey,
      op: sent.op,
      method,
      path,
      attempt: sent.attempts,
      status: verdict.status,
      message,
      ownerUserKey: sent.ownerUserKey,
    });
    plan.replaceRecord(sent.entityKey, entries);
    deps.onAttempt?.(sent, outcome);
    return outcome;
  }

  async function run(userKey: string): Promise<Omit<ReplayReport, 'ran'>> {
    const running = new Map<string, Promise<void>>();
    const runningKinds = new Map<string, OutboxEntry['kind']>();
    let applied = 0;
    let attempted = 0;
    let renewals = 0;
    let needsLogin = false;
    let authHit = false;
    let logged = 0;
    planStale = false;
    const plan = createPlan(userKey, await entriesFor(userKey));

    for (;;) {
      if (authHit && running.size === 0) {
        authHit = false;
        renewals += 1;
        needsLogin = renewals > MAX_RENEWALS_PER_RUN || !(await deps.session.renew().catch(() => false));
        if (needsLogin) break;
      }
      // A re-read while answers are still being applied could bring back a record's older state: drain first.
      if (planStale && running.size === 0) {
        planStale = false;
        plan.reload(await entriesFor(userKey));
      }
      if (!authHit && !planStale) {
        const candidates = runnableEntries(plan.heads(), clock.now(), new Set(running.keys()));
        let photosRunning = [...runningKinds.values()].filter((k) => k === 'photo').length;
        const mutationWaiting = candidates.some((e) => e.kind === 'mutation');
        const picked: OutboxEntry[] = [];
        for (const entry of candidates) {
          if (running.size + picked.length >= concurrency) break;
          if (entry.kind === 'photo' && (mutationWaiting || photosRunning >= PHOTO_CONCURRENCY)) continue;
          picked.push(entry);
          if (entry.kind === 'photo') {
            photosRunning += 1;
            break;
          }
        }
        // One transaction marks the whole batch in flight; each entry then goes on its own.
        const marking = markInFlight(picked, clock);
        for (const entry of picked) {
          attempted += 1;
          runningKinds.set(entry.id, entry.kind);
          const task = marking
            .then((marked) => {
              const sent = marked.get(entry.id) ?? null;
              if (sent) plan.update(sent);
              else plan.forget(entry);
              return attempt(sent, plan);
            })
            .then(async (outcome) => {
              if (outcome === 'applied') applied += 1;
              // Pause everything on an expired session; the entry is kept and goes again after re-login.
              if (outcome === 'auth') authHit = true;
              logged += 1;
              if (logged % SYNC_LOG_LIMIT === 0) await trimSyncLog();
            })
            .catch(() => undefined)
            .finally(() => {
              running.delete(entry.id);
              runningKinds.delete(entry.id);
            });
          running.set(entry.id, task);
        }
      }
      if (running.size === 0) {
        if (authHit || planStale) continue;
        // Out of work in memory: look once more for changes made meanwhile (another tab, the page).
        const fresh = await entriesFor(userKey);
        plan.reload(fresh);
        if (runnableEntries(plan.heads(), clock.now(), new Set()).length > 0) continue;
        break;
      }
      await Promise.race(running.values());
    }

    if (logged > 0) await trimSyncLog();
    const left = plan.all();
    const waiting = left.filter((e) => e.state !== 'attention');
    const times = waiting.map((e) => e.nextAttemptAt);
    return {
      applied,
      attempted,
      needsLogin,
      remaining: waiting.length,
      attention: left.length - waiting.length,
      nextWakeAt: needsLogin || times.length === 0 ? null : Math.max(clock.now(), Math.min(...times)),
    };
  }

  async function replay(options: ReplayOptions = {}): Promise<ReplayReport> {
    // A pass under way here picks up what this call is about (e.g. a change just made).
    if (replaying) planStale = true;
    const userKey = await deps.session.currentUserKey();
    if (userKey === null) return { ran: false, applied: 0, attempted: 0, needsLogin: true, remaining: 0, attention: 0, nextWakeAt: null };
    if (!options.connectivityConfirmed && deps.isOnline?.() === false) {
      return { ran: false, applied: 0, attempted: 0, needsLogin: false, remaining: 0, attention: 0, nextWakeAt: null, waitingForConnection: true };
    }
    const result = await lock(async () => {
      replaying = true;
      deps.onStatus?.({ replaying: true, needsLogin: false });
      try {
        if (options.connectivityRestored) await dueAfterReconnect(userKey, clock.now());
        return await run(userKey);
      } finally {
        replaying = false;
      }
    });
    if (!result.acquired) return { ran: false, applied: 0, attempted: 0, needsLogin: false, remaining: 0, attention: 0, nextWakeAt: null };
    deps.onStatus?.({ replaying: false, needsLogin: result.value.needsLogin });
    return { ran: true, ...result.value };
  }

  return { replay, isReplaying: () => replaying };
}
