import { afterEach, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../../test/engine.ts';
import { newTestDatabase } from '../../test/engine.ts';
import { DEFAULT_SIGN_IN_LIMITS } from '../auth/signInLimits.ts';
import { DEFAULT_USAGE_LIMITS } from '../limits/usageLimits.ts';
import type { Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { openDatabase } from '../db/open.ts';
import { jobs } from '../data/jobs.ts';
import { localFileStore } from '../files/fileStore.ts';
import { purgeExpired, retention } from './purge.ts';

let test: TestDatabase | null = null;
let db: Database | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
  await test?.dispose();
  test = null;
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('purge of expired rows', () => {
  it('removes ended sessions, spent codes, old logs and keys past retention, and keeps the rest', async () => {
    test = await newTestDatabase({ seeded: false });
    db = openDatabase(test.database);
    await migrateToLatest(db, localFileStore(test.filesDir));
    const now = Date.parse('2026-06-01T12:00:00Z');
    const d = db;
    const session = (tokenHash: string, expiresAt: number) =>
      d.run(
        d.q
          .insertInto('sessions')
          .values({ tokenHash, userId: 1, companyId: 1, createdAt: iso(now - DAY), lastSeenAt: iso(now - DAY), expiresAt: iso(expiresAt), cookieHash: null }),
      );
    await session('ended', now - 1000);
    await session('live', now + 1000);
    const otp = (otpGuid: string, expiresAt: number) =>
      d.run(
        d.q.insertInto('otp_challenges').values({
          otpGuid,
          purpose: 'account',
          subject: 'account:1:1',
          companyId: 1,
          userId: 1,
          userName: 'u',
          phone: '0500000000',
          contactId: null,
          linkCode: null,
          method: 'sms',
          codeHash: 'h',
          target: 't',
          target2: '',
          attempts: 0,
          sendCount: 1,
          lastSentAt: iso(expiresAt),
          expiresAt: iso(expiresAt),
          consumedAt: null,
          createdAt: iso(expiresAt),
        }),
      );
    await otp('old', now - 2 * DAY);
    await otp('recent', now + 60_000);
    const log = (createdAt: number) => d.run(d.q.insertInto('app_logs').values({ companyId: 1, userName: 'u', message: 'm', createdAt: iso(createdAt) }));
    await log(now - (retention.appLogsDays + 1) * DAY);
    await log(now - DAY);
    const key = (k: string, createdAt: number) =>
      d.run(
        d.q
          .insertInto('idempotency_keys')
          .values({ companyId: 1, userId: 1, key: k, method: 'POST', path: '/p', requestHash: 'h', status: 200, body: '{}', createdAt: iso(createdAt) }),
      );
    const change = (recordId: string, createdAt: number) =>
      d.run(d.q.insertInto('sync_changes').values({ companyId: 1, buildingId: 1, tbl: 'serviceCalls', recordId, op: 'upsert', createdAt: iso(createdAt) }));
    await change('old', now - (retention.syncChangesDays + 1) * DAY);
    await change('recent', now - DAY);
    await key('expired', now - (retention.idempotencyKeysDays + 1) * DAY);
    await key('kept', now - (retention.idempotencyKeysDays - 1) * DAY);

    const ctx = { db, now: () => new Date(now), signInLimits: DEFAULT_SIGN_IN_LIMITS, usageLimits: DEFAULT_USAGE_LIMITS };
    expect(await purgeExpired(ctx)).toEqual({
      sessions: 1,
      otpChallenges: 1,
      renewalSecrets: 0,
      rateLimits: 0,
      depositConfirmations: 0,
      appLogs: 1,
      idempotencyKeys: 1,
      syncChanges: 1,
      resumableUploads: 0,
    });
    expect((await d.all(d.q.selectFrom('sessions').select('tokenHash'))).map((r) => r.tokenHash)).toEqual(['live']);
    expect((await d.all(d.q.selectFrom('otp_challenges').select('otpGuid'))).map((r) => r.otpGuid)).toEqual(['recent']);
    expect((await d.all(d.q.selectFrom('idempotency_keys').select('key'))).map((r) => r.key)).toEqual(['kept']);
    expect((await d.all(d.q.selectFrom('sync_changes').select('recordId'))).map((r) => r.recordId)).toEqual(['recent']);
    expect(await purgeExpired(ctx)).toEqual({
      sessions: 0,
      otpChallenges: 0,
      renewalSecrets: 0,
      rateLimits: 0,
      depositConfirmations: 0,
      appLogs: 0,
      idempotencyKeys: 0,
      syncChanges: 0,
      resumableUploads: 0,
    });
  });

  it('is claimed by one process per interval (a lease in the database)', async () => {
    test = await newTestDatabase({ seeded: false });
    db = openDatabase(test.database);
    await migrateToLatest(db, localFileStore(test.filesDir));
    const at = new Date('2026-06-01T12:00:00Z');
    const hour = 60 * 60_000;
    const claims = await Promise.all([1, 2, 3].map(() => jobs.claim(db as Database, 'purge', at, hour)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await jobs.claim(db, 'purge', new Date(at.getTime() + hour - 1000), hour)).toBe(false);
    expect(await jobs.claim(db, 'purge', new Date(at.getTime() + hour), hour)).toBe(true);
    expect(await jobs.runs(db, 'purge')).toBe(2);
  });
});
