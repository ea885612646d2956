// Anything that costs money or reaches a person (a gate dial, an SMS or a call with a code, an e-mail,
// a card attempt) is limited, and the count lives in the database (table `rate_limits`, scope
// `usage.<name>`), so every server process on one database shares it. Windows are fixed: the first use
// starts one, and it ends `windowMs` later. Over the limit: 429 TOO_MANY_REQUESTS with Retry-After.
//
// Count in the transaction that records the use (a refused change rolls its count back with it); a use
// that happens whatever the change's outcome (a send, a provider call) is counted before it is made.
import type { Db } from '../db/database.ts';
import { rateLimits } from '../data/rateLimits.ts';
import type { RateLimitTable } from '../db/schema.ts';
import { fail } from '../http/errors.ts';

export type UsageLimit = { max: number; windowMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// The one place the numbers live (docs/api.md, "Limits", lists them). A person who uses the app as
// meant never meets them; a script, a stolen session or a curious tenant does.
export const DEFAULT_USAGE_LIMITS = {
  /** Gate opens by one user (all gates). */
  gateOpensPerUser: { max: 30, windowMs: HOUR },
  /** Opens of one gate (all users): a gate is dialed at most this often. */
  gateOpensPerGate: { max: 240, windowMs: HOUR },
  /** Sign-in and registration codes sent to one phone number. */
  codeSendsPerPhone: { max: 5, windowMs: HOUR },
  /** The same, per day. */
  codeSendsPerPhoneDay: { max: 10, windowMs: DAY },
  /** Codes sent at the request of one client address (whatever the phone). */
  codeSendsPerAddress: { max: 30, windowMs: HOUR },
  /** Deposit confirmation calls to one user (a worker confirms each payment group of a round). */
  depositCodeSendsPerUser: { max: 20, windowMs: HOUR },
  /** Documents e-mailed by one user. */
  documentMailsPerUser: { max: 20, windowMs: HOUR },
  /** Cards saved (tokenized) by one user. */
  cardTokenizationsPerUser: { max: 5, windowMs: DAY },
  /** Cards saved for one apartment (all its tenants). */
  cardTokenizationsPerApartment: { max: 10, windowMs: DAY },
  /** Declined card payments of one user. */
  cardDeclinesPerUser: { max: 5, windowMs: DAY },
  /** Declined card payments of one apartment. */
  cardDeclinesPerApartment: { max: 10, windowMs: DAY },
  /** Debt reminders queued for one building (each reaches its debtors by e-mail, SMS and push). */
  debtRemindersPerBuilding: { max: 300, windowMs: DAY },
} satisfies Record<string, UsageLimit>;

export type UsageLimitName = keyof typeof DEFAULT_USAGE_LIMITS;
export type UsageLimits = Record<UsageLimitName, UsageLimit>;

export function usageLimitsWith(overrides: Partial<UsageLimits> = {}): UsageLimits {
  return { ...DEFAULT_USAGE_LIMITS, ...overrides };
}

/** The longest window of any usage limit (what the purge must keep). */
export function longestUsageWindowMs(limits: UsageLimits): number {
  return Math.max(...Object.values(limits).map((l) => l.windowMs));
}

/** What counting needs of the server: its clock (tests move it) and the limits in force. */
export type UsageContext = { now: () => Date; usageLimits: UsageLimits };

const scopeOf = (name: UsageLimitName) => `usage.${name}`;

type Window = { row: RateLimitTable | undefined; liveCount: number; endsAtMs: number };

async function windowOf(db: Db, usage: UsageContext, name: UsageLimitName, key: string): Promise<Window> {
  const { windowMs } = usage.usageLimits[name];
  const row = await rateLimits.find(db, scopeOf(name), key);
  const endsAtMs = row ? Date.parse(row.windowStart) + windowMs : 0;
  const live = row !== undefined && endsAtMs > usage.now().getTime();
  return { row, liveCount: live ? row.count : 0, endsAtMs: live ? endsAtMs : 0 };
}

function refusal(usage: UsageContext, endsAtMs: number) {
  return fail.tooMany(Math.max(1, Math.ceil((endsAtMs - usage.now().getTime()) / 1000)));
}

/** Refuses with 429 + Retry-After when `key` has used up `name` in the current window; counts nothing. */
export async function assertQuota(db: Db, usage: UsageContext, name: UsageLimitName, key: string): Promise<void> {
  const window = await windowOf(db, usage, name, key);
  if (window.liveCount >= usage.usageLimits[name].max) throw refusal(usage, window.endsAtMs);
}

/** Counts one use of `name` by `key` (a new window when the last one is over); never refuses. */
export async function countUse(db: Db, usage: UsageContext, name: UsageLimitName, key: string): Promise<void> {
  await db.tx(async (tx) => {
    const { row, liveCount } = await windowOf(tx, usage, name, key);
    const next: RateLimitTable =
      row && liveCount > 0
        ? { ...row, count: row.count + 1 }
        : { scope: scopeOf(name), key, windowStart: usage.now().toISOString(), count: 1, lockedUntil: null };
    await rateLimits.save(tx, next);
  });
}

/** One use of `name` by `key`: refused (429) when the window's uses are spent, else counted. */
export async function spendQuota(db: Db, usage: UsageContext, name: UsageLimitName, key: string): Promise<void> {
  await db.tx(async (tx) => {
    await assertQuota(tx, usage, name, key);
    await countUse(tx, usage, name, key);
  });
}

/** `spendQuota` for several limits at once: none is counted unless all allow the use. */
export async function spendQuotas(db: Db, usage: UsageContext, uses: readonly (readonly [UsageLimitName, string])[]): Promise<void> {
  await db.tx(async (tx) => {
    for (const [name, key] of uses) await assertQuota(tx, usage, name, key);
    for (const [name, key] of uses) await countUse(tx, usage, name, key);
  });
}

/**
 * Gives back one use of `name` by `key` in the current window (a use counted before an outside call whose
 * answer showed it was not the kind of use the limit counts, e.g. a card attempt that was not declined).
 */
export async function returnUse(db: Db, usage: UsageContext, name: UsageLimitName, key: string): Promise<void> {
  await db.tx(async (tx) => {
    const { row, liveCount } = await windowOf(tx, usage, name, key);
    if (row && liveCount > 0) await rateLimits.save(tx, { ...row, count: row.count - 1 });
  });
}
