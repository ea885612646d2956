// The replay engine: one module for the service worker and the page (no DOM, no React). It sends the
// current user's outbox entries in order per record, several records at a time, mutations before
// photos, dependencies first; a stuck record blocks only itself and what depends on it.
import type { ApiClient } from '../api/client';
import type { OutboxEntry, SyncOutcome } from '../db/outboxRows';
import { replayLock } from './lock';
import { entriesFor, outboxOf } from './outbox';
import type { LockRunner } from './lock';
import { DEFAULT_BATCH_LIMITS, isBatchable, pickBatch, sendBatch } from './batch';
import type { BatchLimits } from './batch';
import type { Verdict } from './classify';
import { applyBatchVerdicts } from './batchOutcome';
import { countCutFlights } from './flights';
import type { BatchAnswerOf } from './batchOutcome';
import { applyVerdict, markBatchSent, markInFlight } from './outcome';
import type { LogDraft, OutcomeClock } from './outcome';
import { createPlan } from './plan';
import type { Plan } from './plan';
import { pathOf, sendEntry } from './send';
import type { SessionPort } from './sessionPort';
import { SYNC_LOG_LIMIT, trimSyncLog } from './syncLog';
import { heldByAttention } from './heldByAttention';
import { photoConcurrency } from './linkQuality';

export const DEFAULT_CONCURRENCY = 8;
/** Batches in flight at once (each up to DEFAULT_BATCH_LIMITS). */
export const BATCH_CONCURRENCY = 2;
const MAX_RENEWALS_PER_RUN = 2;
/** A renewal whose answer was lost (no network, a timeout, a 5xx) is tried again after this long. */
export const RENEWAL_RETRY_MS = 30_000;

export type EngineStatus = { replaying: boolean; needsLogin: boolean };

export type ReplayReport = {
  /** False when another context holds the replay lock (it will do the work). */
  ran: boolean;
  applied: number;
  attempted: number;
  needsLogin: boolean;
  /** Pending entries of the user that wait for their retry time. */
  remaining: number;
  /** Of `remaining`, those held behind an entry that needs attention: no retry sends them before the user acts. */
  held: number;
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

/** Entries that may be sent now, in the order they should start. Pure, so ordering is testable. */
/** An answer that came but could not be stored on the device: the entry waits and goes again, with backoff. */
function unstoredAnswer(error: unknown): Verdict {
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', status: null, retryAfterMs: null, reason: 'device', message: `the answer could not be stored on this device: ${message}` };
}

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
  const batchLimits = { ...DEFAULT_BATCH_LIMITS, ...(typeof deps.batches === 'object' ? deps.batches : {}) };
  // Until the server shows it has no batch call; then one request per change for this engine's life.
  let batchesSupported = deps.batches !== false;
  let replaying = false;
  // Set when a replay is asked for while this engine replays (a new local change): the pass re-reads the outbox.
  let planStale = false;
  // What started the pass under way (one at a time: the lock), for the log rows of its attempts.
  let passTrigger: string | undefined;

  /** Sends one entry already marked in flight (or gone: null) and applies the answer with its log row. */
  async function attempt(sent: OutboxEntry | null, plan: Plan): Promise<SyncOutcome> {
    if (!sent) return 'error';
    const started = clock.now();
    const { verdict, method, path } = await sendEntry(deps.api, sent, clock.now);
    const { outcome, entries } = await applyVerdict(sent, verdict, clock, logOf(sent, verdict, started, method, path)).catch((error: unknown) => {
      const unstored = unstoredAnswer(error);
      return applyVerdict(sent, unstored, clock, logOf(sent, unstored, started, method, path));
    });
    plan.replaceRecord(sent.entityKey, entries);
    deps.onAttempt?.(sent, outcome);
    return outcome;
  }

  function logOf(sent: OutboxEntry, verdict: Verdict, started: number, method: string, path: string): LogDraft {
    const message = verdict.kind === 'applied' ? '' : verdict.kind === 'auth' ? 'session expired' : verdict.message;
    return {
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
      ...(passTrigger ? { trigger: passTrigger } : {}),
    };
  }

  async function run(userKey: string): Promise<Omit<ReplayReport, 'ran'>> {
    const running = new Map<string, Promise<void>>();
    /** Entries being sent (alone or in a batch), and the photos among them. */
    const inFlight = new Set<string>();
    const photosInFlight = new Set<string>();
    let batchesRunning = 0;
    // Off for the rest of this pass when the server refused a batch as such (its changes go alone).
    let batchesThisPass = true;
    let applied = 0;
    let attempted = 0;
    let renewals = 0;
    let needsLogin = false;
    // The session's renewal got no answer: the worker stays signed in, the entries wait for the next try.
    let renewalLost = false;
    let authHit = false;
    let logged = 0;
    let taskSeq = 0;
    planStale = false;
    // A batch of a pass that was cut off still counts as an attempt of each of its changes.
    await countCutFlights();
    const plan = createPlan(userKey, await entriesFor(userKey));

    const settledOne = async (outcome: SyncOutcome | 'notAttempted') => {
      if (outcome === 'notAttempted') {
        attempted -= 1;
        return;
      }
      if (outcome === 'applied') applied += 1;
      // Pause everything on an expired session; the entry is kept and goes again after re-login.
      if (outcome === 'auth') authHit = true;
      logged += 1;
      if (logged % SYNC_LOG_LIMIT === 0) await trimSyncLog();
    };

    const track = (id: string, entries: readonly OutboxEntry[], work: Promise<void>, done?: () => void) => {
      for (const e of entries) {
        inFlight.add(e.id);
        if (e.kind === 'photo') photosInFlight.add(e.id);
      }
      const task = work.catch(() => undefined).finally(() => {
        for (const e of entries) {
          inFlight.delete(e.id);
          photosInFlight.delete(e.id);
        }
        running.delete(id);
        done?.();
      });
      running.set(id, task);
    };

    /** Marks the batch sent, sends it, and applies every answer in one transaction. */
    async function attemptBatch(batch: readonly OutboxEntry[]): Promise<void> {
      const { marked, flight } = await markBatchSent(batch, clock);
      const sending: OutboxEntry[] = [];
      for (const entry of batch) {
        const sent = marked.get(entry.id);
        if (sent) {
          plan.update(sent);
          sending.push(sent);
        } else {
          plan.forget(entry);
        }
      }
      if (sending.length === 0) return;
      const started = clock.now();
      const answer = await sendBatch(deps.api, sending, clock.now);
      let answers: BatchAnswerOf[];
      if (answer.kind === 'unsupported') {
        if (answer.remember) batchesSupported = false;
        else batchesThisPass = false;
        // Nothing was tried: the entries wait again, uncounted, and go one by one.
        answers = sending.map((sent) => ({ sent, verdict: null }));
      } else {
        answers = sending.map((sent) => {
          const part = answer.kind === 'whole' ? { verdict: answer.verdict } : answer.parts.get(sent.id);
          const verdict = part && 'verdict' in part ? part.verdict : null;
          return { sent, verdict, ...(verdict ? { log: logOf(sent, verdict, started, sent.request.method, pathOf(sent)) } : {}) };
        });
        // A server that tries none of a batch's changes must not make the device send it again at once, forever.
        if (answers.every((a) => a.verdict === null)) {
          const verdict: Verdict = { kind: 'retry', status: null, retryAfterMs: null, reason: 'server', message: 'no change of the batch was tried' };
          answers = sending.map((sent) => ({ sent, verdict, log: logOf(sent, verdict, started, sent.request.method, pathOf(sent)) }));
        }
      }
      const settled = await applyBatchVerdicts(answers, clock, flight).catch((error: unknown) => {
        const unstored = unstoredAnswer(error);
        return applyBatchVerdicts(sending.map((sent) => ({ sent, verdict: unstored, log: logOf(sent, unstored, started, sent.request.method, pathOf(sent)) })), clock, flight);
      });
      for (const [entityKey, entries] of settled.entries) plan.replaceRecord(entityKey, entries);
      for (const sent of sending) {
        const outcome = settled.outcomes.get(sent.id) ?? 'error';
        if (outcome !== 'notAttempted') deps.onAttempt?.(sent, outcome);
        await settledOne(outcome);
      }
    }

    for (;;) {
      if (authHit && running.size === 0) {
        authHit = false;
        renewals += 1;
        const renewed = renewals <= MAX_RENEWALS_PER_RUN && (await deps.session.renew().catch(() => false));
        renewalLost = !renewed && renewals <= MAX_RENEWALS_PER_RUN && (deps.session.renewalUnanswered?.() ?? false);
        needsLogin = !renewed && !renewalLost;
        if (!renewed) break;
      }
      // A re-read while answers are still being applied could bring back a record's older state: drain first.
      if (planStale && running.size === 0) {
        planStale = false;
        plan.reload(await entriesFor(userKey));
      }
      if (!authHit && !planStale) {
        const now = clock.now();
        let mutationWaiting = false;
        if (batchesSupported && batchesThisPass) {
          while (batchesRunning < BATCH_CONCURRENCY) {
            const batch = pickBatch(plan.all(), now, inFlight, batchLimits);
            if (batch.length === 0) break;
            attempted += batch.length;
            batchesRunning += 1;
            track(`batch-${(taskSeq += 1)}`, batch, attemptBatch(batch), () => {
              batchesRunning -= 1;
            });
          }
          mutationWaiting = pickBatch(plan.all(), now, inFlight, batchLimits).length > 0;
        }
        const candidates = runnableEntries(plan.heads(), now, inFlight).filter((e) => !(batchesSupported && batchesThisPass && isBatchable(e)));
        let photosRunning = photosInFlight.size;
        mutationWaiting ||= candidates.some((e) => e.kind === 'mutation');
        const picked: OutboxEntry[] = [];
        for (const entry of candidates) {
          if (running.size - batchesRunning + picked.length >= concurrency) break;
          if (entry.kind === 'photo' && (mutationWaiting || photosRunning >= photoConcurrency())) continue;
          picked.push(entry);
          if (entry.kind === 'photo') {
            photosRunning += 1;
            break;
          }
        }
        // One transaction marks the whole pick in flight; each entry then goes on its own.
        const marking = markInFlight(picked, clock);
        for (const entry of picked) {
          attempted += 1;
          const work = marking
            .then((marked) => {
              const sent = marked.get(entry.id) ?? null;
              if (sent) plan.update(sent);
              else plan.forget(entry);
              return attempt(sent, plan);
            })
            .then(settledOne);
          track(entry.id, [entry], work);
        }
      }
      if (running.size === 0) {
        if (authHit || planStale) continue;
        // Out of work in memory: look once more for changes made meanwhile (another tab, the page).
        const fresh = await entriesFor(userKey);
        plan.reload(fresh);
        const now = clock.now();
        if (runnableEntries(plan.heads(), now, new Set()).length > 0) continue;
        if (batchesSupported && batchesThisPass && pickBatch(plan.all(), now, new Set(), batchLimits).length > 0) continue;
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
      held: heldByAttention(left).length,
      attention: left.length - waiting.length,
      nextWakeAt: needsLogin || times.length === 0 ? null : renewalLost ? clock.now() + RENEWAL_RETRY_MS : Math.max(clock.now(), Math.min(...times)),
    };
  }

  // This engine's pass holding the lock (resolved once the lock is let go), how many have let go, and
  // the one pass that follows them.
  let ownPass: Promise<void> | null = null;
  let passesEnded = 0;
  let followUp: Promise<ReplayReport> | null = null;

  async function replay(options: ReplayOptions = {}): Promise<ReplayReport> {
    // A pass under way here picks up what this call is about (e.g. a change just made).
    if (replaying) planStale = true;
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
      passTrigger = options.trigger;
      deps.onStatus?.({ replaying: true, needsLogin: false });
      try {
        if (options.connectivityRestored) await dueAfterReconnect(userKey, clock.now());
        return await run(userKey);
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
