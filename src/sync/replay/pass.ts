// One replay pass (engine.ts runs one at a time, under the lock): it starts what the plan lets go now —
// batches first, then changes and photos alone — applies each answer, renews an expired session between
// attempts, and when nothing is left to start it looks once more for new entries, then reports.
import type { ApiClient } from '../../api/client';
import type { OutboxEntry, SyncOutcome } from '../../db/outboxRows';
import { applyAnswers } from './applyAnswers';
import type { AnswerOf, LogDraft } from './applyAnswers';
import { isBatchable, pickBatch, sendBatch } from './batch';
import type { BatchLimits, BatchSent } from './batch';
import type { Verdict } from './classify';
import { countCutFlights } from './flights';
import { heldByAttention } from './heldByAttention';
import { photoConcurrency } from './linkQuality';
import { markBatchSent, markInFlight } from './markSent';
import type { Marking, OutcomeClock } from './markSent';
import { entriesFor } from '../write/outbox';
import { createPlan, runnableEntries } from './plan';
import type { Plan } from './plan';
import { pathOf, sendEntry } from './send';
import type { SessionPort } from './sessionPort';
import { SYNC_LOG_LIMIT, trimSyncLog } from './syncLog';

/** Batches in flight at once (each up to DEFAULT_BATCH_LIMITS). */
export const BATCH_CONCURRENCY = 2;
const MAX_RENEWALS_PER_RUN = 2;
/** A renewal whose answer was lost (no network, a timeout, a 5xx) is tried again after this long. */
export const RENEWAL_RETRY_MS = 30_000;

export type PassReport = {
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
};

/** What a pass needs of its engine; `shared` outlives the pass and the engine changes it while it runs. */
export type PassContext = {
  api: ApiClient;
  session: SessionPort;
  clock: OutcomeClock;
  concurrency: number;
  batchLimits: BatchLimits;
  onAttempt?: (entry: OutboxEntry, outcome: SyncOutcome) => void;
  /** What started the pass and where it runs: kept on each attempt's log row. */
  trigger: string | undefined;
  shared: {
    /** Until the server shows it has no batch call; then one request per change for the engine's life. */
    batchesSupported: boolean;
    /** A replay was asked for during the pass (a new local change): it re-reads the outbox. */
    planStale: boolean;
  };
};

type Settled = SyncOutcome | 'notAttempted';

/** An answer that came but could not be stored on the device: the entry waits and goes again, with backoff. */
function unstoredAnswer(error: unknown): Verdict {
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', status: null, retryAfterMs: null, reason: 'device', message: `the answer could not be stored on this device: ${message}` };
}

/** Runs one pass over the outbox of `userKey`. */
export async function runPass(context: PassContext, userKey: string): Promise<PassReport> {
  context.shared.planStale = false;
  // A batch of a pass that was cut off still counts as an attempt of each of its changes.
  await countCutFlights();
  const pass = new ReplayPass(context, userKey, createPlan(userKey, await entriesFor(userKey)));
  return pass.run();
}

class ReplayPass {
  private readonly running = new Map<string, Promise<void>>();
  /** Entries being sent (alone or in a batch), and the photos among them. */
  private readonly inFlight = new Set<string>();
  private readonly photosInFlight = new Set<string>();
  private batchesRunning = 0;
  // Off for the rest of this pass when the server refused a batch as such (its changes go alone).
  private batchesThisPass = true;
  private applied = 0;
  private attempted = 0;
  private renewals = 0;
  private needsLogin = false;
  // The session's renewal got no answer: the worker stays signed in, the entries wait for the next try.
  private renewalLost = false;
  private authHit = false;
  private logged = 0;
  private taskSeq = 0;

  constructor(
    private readonly context: PassContext,
    private readonly userKey: string,
    private readonly plan: Plan,
  ) {}

  async run(): Promise<PassReport> {
    const shared = this.context.shared;
    for (;;) {
      if (this.authHit && this.running.size === 0 && !(await this.renewSession())) break;
      // A re-read while answers are still being applied could bring back a record's older state: drain first.
      if (shared.planStale && this.running.size === 0) {
        shared.planStale = false;
        this.plan.reload(await entriesFor(this.userKey));
      }
      if (!this.authHit && !shared.planStale) this.startWork(this.context.clock.now());
      if (this.running.size === 0) {
        if (this.authHit || shared.planStale) continue;
        if (await this.workAppeared()) continue;
        break;
      }
      await Promise.race(this.running.values());
    }
    if (this.logged > 0) await trimSyncLog();
    return this.report();
  }

  private batchesOn(): boolean {
    return this.context.shared.batchesSupported && this.batchesThisPass;
  }

  /** The session expired under an attempt: one shared renewal; false when the pass must stop. */
  private async renewSession(): Promise<boolean> {
    const { session } = this.context;
    this.authHit = false;
    this.renewals += 1;
    const allowed = this.renewals <= MAX_RENEWALS_PER_RUN;
    const renewed = allowed && (await session.renew().catch(() => false));
    this.renewalLost = !renewed && allowed && (session.renewalUnanswered?.() ?? false);
    this.needsLogin = !renewed && !this.renewalLost;
    return renewed;
  }

  /** Starts what may go now: batches up to their limit, then changes and photos alone up to theirs. */
  private startWork(now: number): void {
    const mutationWaiting = this.startBatches(now);
    this.startSingles(now, mutationWaiting);
  }

  /** Fills the batch slots; true when a batchable change still waits for one. */
  private startBatches(now: number): boolean {
    if (!this.batchesOn()) return false;
    const { batchLimits } = this.context;
    while (this.batchesRunning < BATCH_CONCURRENCY) {
      const batch = pickBatch(this.plan.all(), now, this.inFlight, batchLimits);
      if (batch.length === 0) break;
      this.attempted += batch.length;
      this.batchesRunning += 1;
      this.track(`batch-${(this.taskSeq += 1)}`, batch, this.attemptBatch(batch), () => {
        this.batchesRunning -= 1;
      });
    }
    return pickBatch(this.plan.all(), now, this.inFlight, batchLimits).length > 0;
  }

  /** Starts entries that go alone; photos only once no change waits, and as many as the link carries. */
  private startSingles(now: number, mutationWaiting: boolean): void {
    const candidates = runnableEntries(this.plan.heads(), now, this.inFlight).filter((e) => !(this.batchesOn() && isBatchable(e)));
    const mutationsFirst = mutationWaiting || candidates.some((e) => e.kind === 'mutation');
    let photosRunning = this.photosInFlight.size;
    const picked: OutboxEntry[] = [];
    for (const entry of candidates) {
      if (this.running.size - this.batchesRunning + picked.length >= this.context.concurrency) break;
      if (entry.kind === 'photo' && (mutationsFirst || photosRunning >= photoConcurrency())) continue;
      picked.push(entry);
      if (entry.kind === 'photo') {
        photosRunning += 1;
        break;
      }
    }
    // One transaction marks the whole pick in flight; each entry then goes on its own.
    const marking = markInFlight(picked, this.context.clock);
    for (const entry of picked) {
      this.attempted += 1;
      const work = marking.then((marked) => this.attemptAlone(entry, marked.get(entry.id) ?? null));
      this.track(entry.id, [entry], work);
    }
  }

  /** Out of work in memory: looks once more for changes made meanwhile (another tab, the page). */
  private async workAppeared(): Promise<boolean> {
    this.plan.reload(await entriesFor(this.userKey));
    const now = this.context.clock.now();
    if (runnableEntries(this.plan.heads(), now, new Set()).length > 0) return true;
    return this.batchesOn() && pickBatch(this.plan.all(), now, new Set(), this.context.batchLimits).length > 0;
  }

  private track(id: string, entries: readonly OutboxEntry[], work: Promise<void>, done?: () => void): void {
    for (const e of entries) {
      this.inFlight.add(e.id);
      if (e.kind === 'photo') this.photosInFlight.add(e.id);
    }
    const task = work
      .catch(() => undefined)
      .finally(() => {
        for (const e of entries) {
          this.inFlight.delete(e.id);
          this.photosInFlight.delete(e.id);
        }
        this.running.delete(id);
        done?.();
      });
    this.running.set(id, task);
  }

  /** The entries marked to go, in the plan; those gone meanwhile leave it. */
  private marked(entries: readonly OutboxEntry[], marked: Map<string, OutboxEntry>): OutboxEntry[] {
    const sending: OutboxEntry[] = [];
    for (const entry of entries) {
      const sent = marked.get(entry.id);
      if (sent) {
        this.plan.update(sent);
        sending.push(sent);
      } else {
        this.plan.forget(entry);
      }
    }
    return sending;
  }

  /** One change or photo, already marked in flight (or gone: not sent): a batch of one, as far as its answer goes. */
  private async attemptAlone(entry: OutboxEntry, marked: OutboxEntry | null): Promise<void> {
    const [sent] = this.marked([entry], new Map(marked ? [[entry.id, marked]] : []));
    if (!sent) {
      await this.counted('error');
      return;
    }
    const started = this.context.clock.now();
    const { verdict, method, path } = await sendEntry(this.context.api, sent, this.context.clock.now);
    await this.apply([{ sent, verdict, log: this.logOf(sent, verdict, started, method, path) }], { flight: null, stored: true }, started);
  }

  /** Marks the batch sent, sends it, and applies every answer in one transaction. */
  private async attemptBatch(batch: readonly OutboxEntry[]): Promise<void> {
    const { marked, flight } = await markBatchSent(batch, this.context.clock);
    const sending = this.marked(batch, marked);
    if (sending.length === 0) return;
    const started = this.context.clock.now();
    const answer = await sendBatch(this.context.api, sending, this.context.clock.now);
    await this.apply(this.batchAnswers(sending, answer, started), { flight, stored: false }, started);
  }

  /** Each entry's answer within what came back for the batch. */
  private batchAnswers(sending: readonly OutboxEntry[], answer: BatchSent, started: number): AnswerOf[] {
    if (answer.kind === 'unsupported') {
      if (answer.remember) this.context.shared.batchesSupported = false;
      else this.batchesThisPass = false;
      // Nothing was tried: the entries wait again, uncounted, and go one by one.
      return sending.map((sent) => ({ sent, verdict: null }));
    }
    const answers = sending.map((sent): AnswerOf => {
      const part = answer.kind === 'whole' ? { verdict: answer.verdict } : answer.parts.get(sent.id);
      const verdict = part && 'verdict' in part ? part.verdict : null;
      return verdict ? this.answerOf(sent, verdict, started) : { sent, verdict: null };
    });
    if (answers.some((a) => a.verdict !== null)) return answers;
    // A server that tries none of a batch's changes must not make the device send it again at once, forever.
    const verdict: Verdict = { kind: 'retry', status: null, retryAfterMs: null, reason: 'server', message: 'no change of the batch was tried' };
    return sending.map((sent) => this.answerOf(sent, verdict, started));
  }

  private answerOf(sent: OutboxEntry, verdict: Verdict, started: number): AnswerOf {
    return { sent, verdict, log: this.logOf(sent, verdict, started, sent.request.method, pathOf(sent)) };
  }

  /** Applies the answers (applyAnswers.ts, the one apply path); an answer the device cannot store makes them wait. */
  private async apply(answers: readonly AnswerOf[], marking: Marking, started: number): Promise<void> {
    const { clock } = this.context;
    const settled = await applyAnswers(answers, clock, marking).catch((error: unknown) => {
      const unstored = unstoredAnswer(error);
      return applyAnswers(
        answers.map(({ sent, log }) => ({
          sent,
          verdict: unstored,
          log: this.logOf(sent, unstored, started, log?.method ?? sent.request.method, log?.path ?? pathOf(sent)),
        })),
        clock,
        marking,
      );
    });
    for (const [entityKey, entries] of settled.entries) this.plan.replaceRecord(entityKey, entries);
    for (const { sent } of answers) {
      const outcome = settled.outcomes.get(sent.id) ?? 'error';
      if (outcome !== 'notAttempted') this.context.onAttempt?.(sent, outcome);
      await this.counted(outcome);
    }
  }

  private async counted(outcome: Settled): Promise<void> {
    if (outcome === 'notAttempted') {
      this.attempted -= 1;
      return;
    }
    if (outcome === 'applied') this.applied += 1;
    // Pause everything on an expired session; the entry is kept and goes again after re-login.
    if (outcome === 'auth') this.authHit = true;
    this.logged += 1;
    if (this.logged % SYNC_LOG_LIMIT === 0) await trimSyncLog();
  }

  private logOf(sent: OutboxEntry, verdict: Verdict, started: number, method: string, path: string): LogDraft {
    const message = verdict.kind === 'applied' ? '' : verdict.kind === 'auth' ? 'session expired' : verdict.message;
    const { trigger } = this.context;
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
      ...(trigger ? { trigger } : {}),
    };
  }

  private report(): PassReport {
    const { clock } = this.context;
    const left = this.plan.all();
    const waiting = left.filter((e) => e.state !== 'attention');
    const times = waiting.map((e) => e.nextAttemptAt);
    return {
      applied: this.applied,
      attempted: this.attempted,
      needsLogin: this.needsLogin,
      remaining: waiting.length,
      held: heldByAttention(left).length,
      attention: left.length - waiting.length,
      nextWakeAt: this.needsLogin || times.length === 0 ? null : this.renewalLost ? clock.now() + RENEWAL_RETRY_MS : Math.max(clock.now(), Math.min(...times)),
    };
  }
}
