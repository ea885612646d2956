// Sign-in abuse (issue 11 §3): failed password and code checks lock the account and the client address
// with 429 + Retry-After, the counters live in the database (shared by two servers on one file), and a
// forged X-Forwarded-For changes nothing unless the server is told to trust a proxy.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { OTP_TTL_MS } from '../src/auth/otp.ts';
import type { SignInLimits } from '../src/auth/signInLimits.ts';
import type { Reply, TestServer, TestServerOptions } from './harness.ts';
import { call, loginAs, params, startTestServer } from './harness.ts';

type Start = { codeSent: boolean; otpGuid: string; sendTo: { target: string; target2: string } };
type Refusal = { error?: { code: string; messageKey: string } };

const minute = 60_000;
const roomy = { maxFailures: 1000, windowMs: 15 * minute, lockoutMs: 15 * minute };
/** Small numbers, one scope at a time: the others are roomy. */
const limits = (overrides: Partial<SignInLimits>): Partial<SignInLimits> => ({ account: roomy, ip: roomy, deposit: roomy, ...overrides });

const servers: TestServer[] = [];
async function serverWith(options: TestServerOptions): Promise<TestServer> {
  const server = await startTestServer(options);
  servers.push(server);
  return server;
}
// Closed newest first: a second server on another's file closes before the file goes.
afterEach(async () => {
  for (const server of servers.splice(0).reverse()) await server.close();
});

const start = (server: TestServer, user: string, password = 'demo1234', headers: Record<string, string> = {}) =>
  call<Start & Refusal>(server, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: password, compID: 1001, appId: 2, appGuid: 'g', otpPreferredSendMethod: 'sms' },
    headers,
    idempotencyKey: null,
  });
const auth = (server: TestServer, otpGuid: string, otpCode: string) =>
  call<Refusal & { sessionToken?: string }>(server, 'POST', '/api/auth/otp/auth', { body: { otpGuid, otpCode }, idempotencyKey: null });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

function expectLocked(reply: Reply<Refusal>, maxSeconds: number): void {
  expect(reply.status, reply.text).toBe(429);
  expect(reply.body.error).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', messageKey: 'errors:tooManyAttempts' });
  const retryAfter = Number(reply.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

async function codeFor(server: TestServer, user: string): Promise<{ otpGuid: string; code: string }> {
  server.otpCodes.delete(user);
  const s = await start(server, user);
  expect(s.body.codeSent).toBe(true);
  return { otpGuid: s.body.otpGuid, code: await server.waitForOtp(user) };
}

describe('per-account lockout', () => {
  it('locks an account after N wrong passwords, even for the right one, with Retry-After; other accounts go on', async () => {
    const server = await serverWith({ signInLimits: limits({ account: { maxFailures: 3, windowMs: 10 * minute, lockoutMs: 2 * minute } }) });
    for (let i = 0; i < 3; i++) expect((await start(server, 'avi', 'wrong-password')).body.codeSent).toBe(false);
    expectLocked(await start(server, 'avi'), 120);
    expectLocked(await start(server, 'AVI '), 120);
    expect((await start(server, 'miri')).body.codeSent).toBe(true);
    server.clock.advance(2 * minute + 1000);
    expect((await start(server, 'avi')).body.codeSent).toBe(true);
  });

  it('counts wrong one-time codes of an account across its codes, and locks its sign-in start too', async () => {
    const server = await serverWith({ signInLimits: limits({ account: { maxFailures: 3, windowMs: 10 * minute, lockoutMs: 5 * minute } }) });
    const first = await codeFor(server, 'dana');
    for (let i = 0; i < 2; i++) expect((await auth(server, first.otpGuid, wrongCodeFor(first.code))).status).toBe(422);
    // While the first code works, a start answers it again; once it expired, a new code.
    server.clock.advance(OTP_TTL_MS + 1000);
    const second = await codeFor(server, 'dana');
    expect(second.otpGuid).not.toBe(first.otpGuid);
    expect((await auth(server, second.otpGuid, wrongCodeFor(second.code))).status).toBe(422);
    expectLocked(await auth(server, second.otpGuid, second.code), 300);
    expectLocked(await start(server, 'dana'), 300);
  });

  it('forgets an account’s failures once it signs in with its code', async () => {
    const server = await serverWith({ signInLimits: limits({ account: { maxFailures: 3, windowMs: 10 * minute, lockoutMs: 5 * minute } }) });
    for (let i = 0; i < 2; i++) await start(server, 'avi', 'wrong-password');
    const { otpGuid, code } = await codeFor(server, 'avi');
    expect((await auth(server, otpGuid, code)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await start(server, 'avi', 'wrong-password')).status).toBe(200);
    expect((await start(server, 'avi')).body.codeSent).toBe(true);
  });

  it('locks an unknown user name like a real one (a lockout tells nothing about who exists)', async () => {
    const server = await serverWith({ signInLimits: limits({ account: { maxFailures: 2, windowMs: 10 * minute, lockoutMs: minute } }) });
    for (const user of ['avi', 'nobody-here']) {
      for (let i = 0; i < 2; i++) expect((await start(server, user, 'wrong-password')).body.codeSent).toBe(false);
      expectLocked(await start(server, user, 'wrong-password'), 60);
    }
  });
});

describe('per-address lockout and trustProxy', () => {
  const ipLimit = limits({ ip: { maxFailures: 4, windowMs: 10 * minute, lockoutMs: 3 * minute } });

  it('locks the client address after N failures over any accounts; a forged X-Forwarded-For changes nothing', async () => {
    const server = await serverWith({ signInLimits: ipLimit });
    for (const user of ['u1', 'u2', 'u3', 'u4']) expect((await start(server, user, 'x')).body.codeSent).toBe(false);
    expectLocked(await start(server, 'avi'), 180);
    expectLocked(await start(server, 'avi', 'demo1234', { 'x-forwarded-for': '198.51.100.23' }), 180);
    const { status } = await call(server, 'POST', '/api/auth/otp/auth', { body: { otpGuid: 'no-such-guid', otpCode: '12345' }, idempotencyKey: null });
    expect(status).toBe(429);
  });

  it('keys on the forwarded address only when trustProxy is set (behind a known proxy)', async () => {
    const server = await serverWith({ signInLimits: ipLimit, trustProxy: true });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (const user of ['u1', 'u2', 'u3', 'u4']) await start(server, user, 'x', from('198.51.100.23'));
    expectLocked(await start(server, 'avi', 'demo1234', from('198.51.100.23')), 180);
    expect((await start(server, 'avi', 'demo1234', from('203.0.113.9'))).body.codeSent).toBe(true);
  });

  it('ignores X-Forwarded-Host and -Proto by default: the cookie stays Secure on a public host', async () => {
    const server = await serverWith({});
    const { otpGuid, code } = await codeFor(server, 'avi');
    const reply = await call(server, 'POST', '/api/auth/otp/auth', {
      body: { otpGuid, otpCode: code, saveSessionTokenInHttpCookie: true },
      headers: { host: 'binyan.example.org', 'x-forwarded-host': 'localhost', 'x-forwarded-proto': 'http' },
      idempotencyKey: null,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toMatch(/; Secure$/);
  });
});

describe('counters in the database', () => {
  it('shares the counters between two servers on one database', async () => {
    const options = { signInLimits: limits({ account: { maxFailures: 3, windowMs: 10 * minute, lockoutMs: 4 * minute } }) };
    const one = await serverWith(options);
    const two = await serverWith({ ...options, sharing: one });
    expect((await start(one, 'miri', 'wrong')).body.codeSent).toBe(false);
    expect((await start(two, 'miri', 'wrong')).body.codeSent).toBe(false);
    expect((await start(one, 'miri', 'wrong')).body.codeSent).toBe(false);
    expectLocked(await start(two, 'miri'), 240);
    expectLocked(await start(one, 'miri'), 240);
  });
});

describe('password-only sign-in (AuthByCompID/v2)', () => {
  const passwordLogin = (server: TestServer, password: string, extra: Record<string, string> = {}) =>
    call<Record<string, unknown> & Refusal & { APIResponseCode: number; sessionToken?: string; renewalSecret?: string }>(
      server,
      'POST',
      '/api/dbActions/Login/AuthByCompID/v2',
      { body: params({ CompID: 1001, UserName: 'dana', UserPswd: password, ...extra }), idempotencyKey: null },
    );

  it('is off by default: it tells the caller to use the one-time code and gives no session', async () => {
    const server = await serverWith({});
    const r = await passwordLogin(server, 'demo1234');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      APIResponseCode: 3,
      APIResponseDescription: 'PASSWORD_LOGIN_DISABLED',
      error: { messageKey: 'errors:passwordLoginDisabled' },
    });
    expect(r.body).not.toHaveProperty('sessionToken');
  });

  it('works when the server allows it, and its wrong passwords lock the account (429, Retry-After)', async () => {
    const server = await serverWith({
      allowPasswordLogin: true,
      signInLimits: limits({ account: { maxFailures: 2, windowMs: 10 * minute, lockoutMs: minute } }),
    });
    const ok = await passwordLogin(server, 'demo1234');
    expect(ok.body).toMatchObject({ APIResponseCode: 0, userName: 'dana' });
    expect((await call(server, 'GET', '/api/binyan/buildings', { token: String(ok.body.sessionToken) })).status).toBe(200);
    const wrong = await passwordLogin(server, 'nope');
    expect(wrong.body).toMatchObject({ APIResponseCode: 1, error: { messageKey: 'errors:identifyingDetailsIncorrect' } });
    await passwordLogin(server, 'nope');
    const locked = await passwordLogin(server, 'demo1234');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ APIResponseCode: 4, error: { messageKey: 'errors:tooManyAttempts' } });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same account counter as the code flow.
    expectLocked(await start(server, 'dana'), 60);
  });

  it('gives a renewal secret to a client that names its device', async () => {
    const server = await serverWith({ allowPasswordLogin: true });
    const r = await passwordLogin(server, 'demo1234', { DeviceId: 'device-0123456789abcdef' });
    expect(r.body.renewalSecret).toMatch(/^[\w-]{43}$/);
    const renewed = await call(server, 'POST', '/api/auth/session/renew', {
      body: { renewalSecret: r.body.renewalSecret, deviceId: 'device-0123456789abcdef' },
      idempotencyKey: null,
    });
    expect(renewed.status).toBe(200);
  });
});

describe('deposit confirmation codes', () => {
  it('locks an account’s deposit confirmations after N wrong codes across its payments', async () => {
    const server = await serverWith({ signInLimits: limits({ deposit: { maxFailures: 3, windowMs: 10 * minute, lockoutMs: 10 * minute } }) });
    const { token, user } = await loginAs(server, 'avi');
    const groups = (await call<{ records: { ID: number; ChecksHeaderGuid: string; version: number }[] }>(server, 'GET', '/api/binyan/check/toFill', { token }))
      .body.records;
    const deposit = (action: string, guid: string, code?: string) =>
      call<Refusal & { confirmed?: boolean }>(server, 'POST', `/api/binyan/check/deposit/${action}`, {
        token,
        body: { ChecksHeaderGuid: guid, ...(code ? { code } : {}) },
      });
    // Only a sent payment is deposited: the two seeded payments with checks are sent first.
    const withChecks = groups.filter((g) => g.ID === 5001 || g.ID === 5003);
    for (const g of withChecks) {
      const sent = await call(server, 'PUT', '/api/binyan/check/submitChecksHeader', { token, body: { ...g, WorkerGuid: user.workerGUID, SendAnyway: true } });
      expect(sent.status, sent.text).toBe(200);
    }
    const [a, b] = withChecks.map((g) => g.ChecksHeaderGuid);
    if (!a || !b) throw new Error('two seeded payments expected');
    await deposit('start', a);
    const codeA = await server.waitForDeposit('avi');
    const wrongA = String((Number(codeA) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 2; i++) expect((await deposit('confirm', a, wrongA)).status).toBe(422);
    server.depositCodes.delete('avi');
    await deposit('start', b);
    const codeB = await server.waitForDeposit('avi');
    expect((await deposit('confirm', b, String((Number(codeB) + 1) % 1_000_000).padStart(6, '0'))).status).toBe(422);
    expectLocked(await deposit('confirm', b, codeB), 600);
    // Signing in is a different counter.
    expect((await start(server, 'avi')).body.codeSent).toBe(true);
  });
});

afterAll(async () => {
  for (const server of servers.splice(0).reverse()) await server.close();
});
