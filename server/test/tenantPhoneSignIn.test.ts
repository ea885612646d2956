// A tenant signs in again with their phone and a one-time code (issue 14): no company, user name or
// password. A phone no tenant account has is answered exactly as one that has (issue 27 §13) and gets
// no code; a phone with accounts in two companies checks the code first and then chooses the account;
// wrong codes count towards the sign-in's abuse limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import type { TestServer } from './harness.ts';
import { call, startTestServer } from './harness.ts';

type Refusal = { error?: { code: string; messageKey: string; field?: string } };
type Start = Refusal & { codeSent?: boolean; otpGuid?: string; sendMethod?: string; sendTo?: { target: string; target2: string } };
type Account = { userId: number; companyId: number; companyName: string; apartmentNumber: string | null };
type Auth = Refusal & { sessionToken?: string; user?: Record<string, unknown>; chooseAccount?: Account[] };

const minute = 60_000;
let server: TestServer;
let phone = '';

beforeAll(async () => {
  server = await startTestServer({ signInLimits: { account: { maxFailures: 3, windowMs: 15 * minute, lockoutMs: 15 * minute } } });
  const db = openDatabase(server.database);
  try {
    const link = await db.first(db.q.selectFrom('tenant_links').select(['code', 'apartmentId']));
    const owner = await db.first(
      db.q
        .selectFrom('contacts')
        .select('phone')
        .where('apartmentId', '=', link?.apartmentId ?? '')
        .where('role', '=', 'owner'),
    );
    phone = owner?.phone ?? '';
    // Registered once from the link: the tenant's account exists, with a password they never saw.
    const started = await call<Start>(server, 'POST', '/api/auth/register/start', { body: { code: link?.code, phone }, idempotencyKey: null });
    const code = await server.waitForOtp(phone);
    await call(server, 'POST', '/api/auth/otp/auth', { body: { otpGuid: started.body.otpGuid, otpCode: code }, idempotencyKey: null });
  } finally {
    await db.close();
  }
});
afterAll(async () => server.close());

const start = (p: string) => call<Start>(server, 'POST', '/api/auth/phone/start', { body: { phone: p, otpPreferredSendMethod: 'sms' }, idempotencyKey: null });
const auth = (otpGuid: string, otpCode: string, accountId?: number) =>
  call<Auth>(server, 'POST', '/api/auth/phone/auth', { body: { otpGuid, otpCode, ...(accountId !== undefined ? { accountId } : {}) }, idempotencyKey: null });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

async function codeFor(p: string): Promise<{ otpGuid: string; code: string }> {
  server.otpCodes.delete(p);
  const started = await start(`${p.slice(0, 3)}-${p.slice(3)}`);
  expect(started.status, started.text).toBe(200);
  expect(started.body.codeSent).toBe(true);
  return { otpGuid: started.body.otpGuid ?? '', code: await server.waitForOtp(p) };
}

describe('a tenant signs in by phone', () => {
  it('signs the registered tenant in with the phone and the code alone, as the same user', async () => {
    const { otpGuid, code } = await codeFor(phone);
    const signedIn = await auth(otpGuid, code);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.user).toMatchObject({ role: 'owner', userName: phone, compID: 1001 });
    const account = await call<{ apartments: unknown[] }>(server, 'GET', '/api/binyan/my/account', { token: signedIn.body.sessionToken ?? '' });
    expect(account.status).toBe(200);
    expect(account.body.apartments).toHaveLength(1);
    // The code is spent.
    expect((await auth(otpGuid, code)).body.error).toMatchObject({ code: 'INVALID_CODE' });
  });

  it('answers a phone no tenant account has, and a staff member’s phone, exactly as a tenant’s, and sends them nothing', async () => {
    const db = openDatabase(server.database);
    const avi = await db.first(db.q.selectFrom('users').select('phone').where('userName', '=', 'avi'));
    await db.close();
    const stranger = '0509999999';
    const staff = avi?.phone ?? '';
    server.otpCodes.clear();
    const linesBefore = server.logLines.length;
    const answers = { tenant: await start(phone), stranger: await start(stranger), staff: await start(staff) };
    const shape = (reply: Awaited<ReturnType<typeof start>>) => ({
      status: reply.status,
      keys: Object.keys(reply.body).sort(),
      sendTo: Object.keys(reply.body.sendTo ?? {}).sort(),
      codeSent: reply.body.codeSent,
      sendMethod: reply.body.sendMethod,
      target2: reply.body.sendTo?.target2,
      headers: [...reply.headers.keys()].filter((h) => h !== 'date' && h !== 'content-length').sort(),
    });
    expect(shape(answers.stranger)).toEqual(shape(answers.tenant));
    expect(shape(answers.staff)).toEqual(shape(answers.tenant));
    expect(answers.tenant).toMatchObject({
      status: 200,
      body: { codeSent: true, sendMethod: 'sms', sendTo: { target: `${phone.slice(0, 3)}*****${phone.slice(-2)}`, target2: '' } },
    });
    expect(answers.stranger.body.sendTo?.target).toBe('050*****99');
    // Only the tenant's phone got a code.
    expect([...server.otpCodes.keys()]).toEqual([phone]);
    expect(server.logLines.slice(linesBefore).some((l) => l.includes(stranger) || l.includes('avi'))).toBe(false);

    // A repeat answers the same challenge, a re-send is allowed alike, and no code opens the stranger's.
    const again = await start(stranger);
    expect(again.body.otpGuid).toBe(answers.stranger.body.otpGuid);
    expect((await start(phone)).body.otpGuid).toBe(answers.tenant.body.otpGuid);
    server.clock.advance(31_000);
    server.otpCodes.delete(phone);
    const resend = (otpGuid: string | undefined) => call<Start>(server, 'POST', '/api/auth/otp/send', { body: { otpGuid }, idempotencyKey: null });
    const [tenantResent, strangerResent] = [await resend(answers.tenant.body.otpGuid), await resend(answers.stranger.body.otpGuid)];
    expect(shape(strangerResent)).toEqual(shape(tenantResent));
    expect(strangerResent.body).toMatchObject({ codeSent: true, otpGuid: answers.stranger.body.otpGuid });
    const tenantCode = await server.waitForOtp(phone);
    const refused = await auth(answers.stranger.body.otpGuid ?? '', tenantCode);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'INVALID_CODE' });
    expect(server.logLines.slice(linesBefore).some((l) => l.includes(stranger) || l.includes('avi'))).toBe(false);
    expect((await start('12')).body.error).toMatchObject({ messageKey: 'errors:invalidPhone' });
    // The tenant's code, spent here so the next test starts afresh.
    expect((await auth(answers.tenant.body.otpGuid ?? '', tenantCode)).status).toBe(200);
  });

  it('lets a phone with accounts in two companies choose one after the code, and refuses another account', async () => {
    const db = openDatabase(server.database);
    try {
      const first = await db.first(db.q.selectFrom('users').selectAll().where('companyId', '=', 1001).where('phone', '=', phone));
      if (!first) throw new Error('registered above');
      const { id: _id, ...rest } = first;
      await db.run(
        db.q
          .insertInto('users')
          .values({ ...rest, companyId: 2002, contactId: null, workerGuid: `${first.workerGuid}-2002`, workerNumber: first.workerNumber + 1000 }),
      );
    } finally {
      await db.close();
    }
    const { otpGuid, code } = await codeFor(phone);
    const choice = await auth(otpGuid, code);
    expect(choice.status, choice.text).toBe(200);
    expect(choice.body.sessionToken).toBeUndefined();
    expect(choice.body.chooseAccount?.map((a) => a.companyId)).toEqual([1001, 2002]);
    const other = choice.body.chooseAccount?.find((a) => a.companyId === 2002);
    expect((await auth(otpGuid, code, 999_999)).body.error).toMatchObject({ code: 'INVALID_ACCOUNT' });
    const chosen = await auth(otpGuid, code, other?.userId);
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body.user).toMatchObject({ compID: 2002, role: 'owner' });
    expect(chosen.body.sessionToken).toBeTruthy();
  });

  it('locks the phone after the sign-in’s number of wrong codes, as the code flow does', async () => {
    const db = openDatabase(server.database);
    const moshe = await db.first(db.q.selectFrom('users').select(['phone', 'userName']).where('userName', '=', 'moshe'));
    await db.close();
    server.otpCodes.delete('moshe');
    const started = await start(moshe?.phone ?? '');
    expect(started.body.codeSent, started.text).toBe(true);
    const code = await server.waitForOtp('moshe');
    for (let i = 0; i < 3; i++) expect((await auth(started.body.otpGuid ?? '', wrongCodeFor(code))).status).toBe(422);
    const locked = await auth(started.body.otpGuid ?? '', code);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
