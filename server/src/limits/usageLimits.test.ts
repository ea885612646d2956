import { afterEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/engine.ts';
import { newTestDatabase } from '../../test/engine.ts';
import { DEFAULT_SIGN_IN_LIMITS } from '../auth/signInLimits.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { localFileStore } from '../files/fileStore.ts';
import { ApiError } from '../http/errors.ts';
import { purgeExpired } from '../jobs/purge.ts';
import { assertQuota, countUse, spendQuota, spendQuotas, usageLimitsWith } from './usageLimits.ts';
import type { UsageContext } from './usageLimits.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let test: TestDatabase | null = null;
const open: Database[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
  await test?.dispose();
  test = null;
});

async function freshDatabase(): Promise<Database> {
  test = await newTestDatabase({ seeded: false });
  const db = openDatabase(test.database);
  open.push(db);
  await migrateToLatest(db, localFileStore(test.filesDir));
  return db;
}

function clockAt(iso: string): UsageContext & { advance(ms: number): void } {
  let at = Date.parse(iso);
  return {
    now: () => new Date(at),
    usageLimits: usageLimitsWith({ gateOpensPerUser: { max: 3, windowMs: HOUR }, codeSendsPerPhoneDay: { max: 2, windowMs: DAY } }),
    advance: (ms) => void (at += ms),
  };
}

async function refusalOf(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('usage limits counted in the database', () => {
  it('allows the window’s uses, then answers 429 with the seconds until the window ends, then a new window', async () => {
    const db = await freshDatabase();
    const usage = clockAt('2026-06-01T12:00:00Z');
    for (let i = 0; i < 3; i++) await spendQuota(db, usage, 'gateOpensPerUser', '7');
    usage.advance(20 * 60_000);
    const refused = await refusalOf(spendQuota(db, usage, 'gateOpensPerUser', '7'));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.options.headers).toEqual({ 'Retry-After': String(40 * 60) });
    // Another key has its own count.
    await spendQuota(db, usage, 'gateOpensPerUser', '8');
    usage.advance(40 * 60_000);
    await spendQuota(db, usage, 'gateOpensPerUser', '7');
  });

  it('is shared by two connections to one database (two server processes)', async () => {
    const first = await freshDatabase();
    const second = openDatabase(test?.database ?? '');
    open.push(second);
    const usage = clockAt('2026-06-01T12:00:00Z');
    // One after another: two SQLite handles in one process cannot wait on each other's write lock.
    for (const db of [first, second, first]) await spendQuota(db, usage, 'gateOpensPerUser', '7');
    expect((await refusalOf(spendQuota(second, usage, 'gateOpensPerUser', '7'))).status).toBe(429);
  });

  it('counts nothing of several limits when one of them refuses', async () => {
    const db = await freshDatabase();
    const usage = clockAt('2026-06-01T12:00:00Z');
    await countUse(db, usage, 'codeSendsPerPhoneDay', '0501234567');
    await countUse(db, usage, 'codeSendsPerPhoneDay', '0501234567');
    const both = [
      ['gateOpensPerUser', '7'],
      ['codeSendsPerPhoneDay', '0501234567'],
    ] as const;
    expect((await refusalOf(spendQuotas(db, usage, both))).status).toBe(429);
    for (let i = 0; i < 3; i++) await assertQuota(db, usage, 'gateOpensPerUser', '7');
    await spendQuota(db, usage, 'gateOpensPerUser', '7');
  });

  it('is kept by the hourly purge for as long as its window lasts', async () => {
    const db = await freshDatabase();
    const usage = clockAt('2026-06-01T12:00:00Z');
    await spendQuota(db, usage, 'codeSendsPerPhoneDay', '0501234567');
    await spendQuota(db, usage, 'codeSendsPerPhoneDay', '0501234567');
    usage.advance(12 * HOUR);
    await purgeExpired({ db, now: usage.now, signInLimits: DEFAULT_SIGN_IN_LIMITS, usageLimits: usage.usageLimits });
    expect((await refusalOf(spendQuota(db, usage, 'codeSendsPerPhoneDay', '0501234567'))).status).toBe(429);
  });
});
