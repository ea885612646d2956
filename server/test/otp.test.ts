import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, loginAs, startTestServer } from './harness.ts';

type Start = { codeSent: boolean; sendTo: { target: string; target2: string }; otpGuid: string; sentByCallInsteadOfEmail?: boolean };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const start = (user: string, password = 'demo1234', method = 'sms', compID: number | string = 1001) =>
  call<Start>(server, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: password, compID, appId: 2, appGuid: 'g', otpPreferredSendMethod: method },
    idempotencyKey: null,
  });
const auth = (otpGuid: string, otpCode: string) =>
  call<Record<string, unknown>>(server, 'POST', '/api/auth/otp/auth', { body: { otpGuid, otpCode, saveSessionTokenInHttpCookie: true }, idempotencyKey: null });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

describe('OTP login', () => {
  it('logs in end to end with the 5-digit code from the server log', async () => {
    const s = await start('avi');
    expect(s.status).toBe(200);
    expect(s.body.codeSent).toBe(true);
    expect(s.body.sendTo.target).toMatch(/^052\*+67$/);
    const code = await server.waitForOtp('avi');
    expect(code).toMatch(/^\d{5}$/);
    expect(server.logLines).toContain(`one-time code for avi: ${code}`);
    const a = await auth(s.body.otpGuid, code);
    expect(a.status).toBe(200);
    expect(a.body.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.headers.get('set-cookie')).toContain('HttpOnly');
    expect(a.body.user).toMatchObject({ userName: 'avi', compID: 1001, WorkerName: 'אבי כהן' });
    const me = await call(server, 'POST', '/api/utils/sessionToken/GetData', {
      body: [{ paramName: 'sessionToken', paramValue: a.body.sessionToken, paramType: 12 }],
      idempotencyKey: null,
    });
    expect(me.body).toMatchObject({ APIResponseCode: 0, userName: 'avi' });
    // a used code cannot be replayed
    expect((await auth(s.body.otpGuid, code)).status).toBe(422);
  });

  it('refuses a wrong code with invalidCode', async () => {
    const s = await start('miri');
    const code = await server.waitForOtp('miri');
    const a = await auth(s.body.otpGuid, wrongCodeFor(code));
    expect(a.status).toBe(422);
    expect(a.body).toMatchObject({ error: { code: 'INVALID_CODE', messageKey: 'errors:invalidCode' } });
    expect((await auth(s.body.otpGuid, code)).status).toBe(200);
  });

  it('locks an otpGuid after 5 wrong attempts, even for the right code', async () => {
    const s = await start('avi');
    const code = await server.waitForOtp('avi');
    for (let i = 0; i < 5; i++) expect((await auth(s.body.otpGuid, wrongCodeFor(code))).status).toBe(422);
    const locked = await auth(s.body.otpGuid, code);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: { code: 'TOO_MANY_REQUESTS', messageKey: 'errors:tooManyRequests' } });
  });

  it('expires a code after 5 minutes', async () => {
    const s = await start('miri');
    const code = await server.waitForOtp('miri');
    server.clock.advance(5 * 60_000 + 1000);
    const a = await auth(s.body.otpGuid, code);
    expect(a.status).toBe(422);
    expect(a.body).toMatchObject({ error: { code: 'CODE_EXPIRED', messageKey: 'errors:codeExpired' } });
  });

  it('re-sends only after the 30 s cooldown, with Retry-After', async () => {
    const s = await start('avi');
    const first = await server.waitForOtp('avi');
    const early = await call(server, 'POST', '/api/auth/otp/send', { body: { otpGuid: s.body.otpGuid }, idempotencyKey: null });
    expect(early.status).toBe(429);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    server.clock.advance(31_000);
    server.otpCodes.delete('avi');
    const again = await call<Start>(server, 'POST', '/api/auth/otp/send', { body: { otpGuid: s.body.otpGuid }, idempotencyKey: null });
    expect(again.status).toBe(200);
    expect(again.body.codeSent).toBe(true);
    const second = await server.waitForOtp('avi');
    if (second !== first) expect((await auth(s.body.otpGuid, first)).status).toBe(422);
    expect((await auth(s.body.otpGuid, second)).status).toBe(200);
  });

  it('answers USER NOT FOUND for an unknown user or a wrong password', async () => {
    for (const s of [await start('nobody'), await start('avi', 'wrong-password'), await start('avi', 'demo1234', 'sms', 2002)]) {
      expect(s.status).toBe(200);
      expect(s.body.codeSent).toBe(false);
      expect(s.body.sendTo.target).toMatch(/^\*+$/);
      expect(s.body.sendTo.target2).toBe('');
    }
  });

  it('sends by phone call when e-mail is asked but the user has none; the code is the caller number tail', async () => {
    const s = await start('dana', 'demo1234', 'email');
    expect(s.body).toMatchObject({ codeSent: true, sentByCallInsteadOfEmail: true, sendTo: { target2: '' } });
    const code = await server.waitForOtp('dana');
    const caller = server.logLines.filter((l) => l.startsWith('calling dana from ')).at(-1) ?? '';
    expect(caller.endsWith(code)).toBe(true);
    expect((await auth(s.body.otpGuid, code)).status).toBe(200);
  });

  it('never puts a code in any HTTP body', async () => {
    await loginAs(server, 'avi');
    const codes = [...server.logLines.join('\n').matchAll(/(?:code for \S+|from) (\d{5,10})/g)].map((m) => m[1] ?? '');
    expect(codes.length).toBeGreaterThan(3);
    for (const body of server.bodies) for (const code of codes) expect(body.includes(`"${code}"`) || body.includes(`:${code}`)).toBe(false);
  });

  it('logout deletes the session', async () => {
    const { token } = await loginAs(server, 'avi');
    expect((await call(server, 'GET', '/api/binyan/buildings', { token })).status).toBe(200);
    expect((await call(server, 'POST', '/api/auth/logout', { token, idempotencyKey: null })).status).toBe(200);
    const after = await call(server, 'GET', '/api/binyan/buildings', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ APIResponseCode: -1 });
  });
});
