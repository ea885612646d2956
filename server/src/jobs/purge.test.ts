import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { openDatabase } from '../db/database.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DEFAULT_SIGN_IN_LIMITS } from '../auth/signInLimits.ts';
import { purgeExpired, retention } from './purge.ts';

let dir = '';
let db: Db | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('purge of expired rows', () => {
  it('removes ended sessions, spent codes, old logs and keys past retention, and keeps the rest', async () => {
    dir = mkdtempSync(join(tmpdir(), 'binyan-purge-'));
    db = openDatabase(join(dir, 'db.sqlite'));
    await migrateToLatest(db);
    const now = Date.parse('2026-06-01T12:00:00Z');
    const d = db;
    const session = (tokenHash: string, expiresAt: number) =>
      d.run(d.q.insertInto('sessions').values({ tokenHash, userId: 1, companyId: 1, createdAt: iso(now - DAY), lastSeenAt: iso(now - DAY), expiresAt: iso(expiresAt), cookieHash: null }));
    session('ended', now - 1000);
    session('live', now + 1000);
    const otp = (otpGuid: string, expiresAt: number) =>
      d.run(
        d.q.insertInto('otp_challenges').values({
          otpGuid, companyId: 1, userId: 1, userName: 'u', method: 'sms', codeHash: 'h', target: 't', target2: '', attempts: 0, sendCount: 1,
          lastSentAt: iso(expiresAt), expiresAt: iso(expiresAt), consumedAt: null, createdAt: iso(expiresAt),
        }),
      );
    otp('old', now - 2 * DAY);
    otp('recent', now + 60_000);
    const log = (createdAt: number) => d.run(d.q.insertInto('app_logs').values({ companyId: 1, userName: 'u', message: 'm', createdAt: iso(createdAt) }));
    log(now - (retention.appLogsDays + 1) * DAY);
    log(now - DAY);
    const key = (k: string, createdAt: number) =>
      d.run(d.q.insertInto('idempotency_keys').values({ companyId: 1, userId: 1, key: k, method: 'POST', path: '/p', requestHash: 'h', status: 200, body: '{}', createdAt: iso(createdAt) }));
    key('expired', now - (retention.idempotencyKeysDays + 1) * DAY);
    key('kept', now - (retention.idempotencyKeysDays - 1) * DAY);

    const ctx = { db, now: () => new Date(now), signInLimits: DEFAULT_SIGN_IN_LIMITS } as Pick<AppContext, 'db' | 'now' | 'signInLimits'> as AppContext;
    expect(purgeExpired(ctx)).toEqual({ sessions: 1, otpChallenges: 1, renewalSecrets: 0, rateLimits: 0, depositConfirmations: 0, appLogs: 1, idempotencyKeys: 1 });
    expect(d.all(d.q.selectFrom('sessions').select('tokenHash')).map((r) => r.tokenHash)).toEqual(['live']);
    expect(d.all(d.q.selectFrom('otp_challenges').select('otpGuid')).map((r) => r.otpGuid)).toEqual(['recent']);
    expect(d.all(d.q.selectFrom('idempotency_keys').select('key')).map((r) => r.key)).toEqual(['kept']);
    expect(purgeExpired(ctx)).toEqual({ sessions: 0, otpChallenges: 0, renewalSecrets: 0, rateLimits: 0, depositConfirmations: 0, appLogs: 0, idempotencyKeys: 0 });
  });
});
