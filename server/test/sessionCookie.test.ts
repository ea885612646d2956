import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, params, startTestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

/** OTP sign-in asking for the HttpOnly cookie; returns the token and the raw Set-Cookie header. */
async function signIn(user: string, hostHeader?: string): Promise<{ token: string; setCookie: string }> {
  server.otpCodes.delete(user);
  const start = await call<{ otpGuid: string }>(server, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: 'demo1234', compID: 1001, appId: 2, otpPreferredSendMethod: 'sms' },
    idempotencyKey: null,
  });
  const otpCode = await server.waitForOtp(user);
  const auth = await call<{ sessionToken: string }>(server, 'POST', '/api/auth/otp/auth', {
    body: { otpGuid: start.body.otpGuid, otpCode, saveSessionTokenInHttpCookie: true },
    idempotencyKey: null,
    ...(hostHeader ? { headers: { host: hostHeader } } : {}),
  });
  expect(auth.status).toBe(200);
  return { token: auth.body.sessionToken, setCookie: auth.headers.get('set-cookie') ?? '' };
}

const cookieValue = (setCookie: string): string => /^binyan_session=([^;]*)/.exec(setCookie)?.[1] ?? '';

describe('HttpOnly session cookie', () => {
  it('carries an opaque id that is not the token, with the spec attributes (no Secure on localhost)', async () => {
    const { token, setCookie } = await signIn('avi');
    const value = cookieValue(setCookie);
    expect(value).toMatch(/^[\w-]{43}$/);
    expect(value).not.toBe(token);
    expect(setCookie).not.toContain(token);
    expect(setCookie).toMatch(/; Path=\/;/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain(`Max-Age=${60 * 60 * 24 * 60}`);
    expect(setCookie).not.toContain('Secure');
  });

  it('is Secure on any other host', async () => {
    const { setCookie } = await signIn('dana', 'binyan.example.org');
    expect(setCookie).toMatch(/; Secure$/);
  });

  it('authenticates a request that sends only the cookie, and not once the cookie value is used as a token', async () => {
    const { token, setCookie } = await signIn('avi');
    const cookie = `binyan_session=${cookieValue(setCookie)}`;
    const r = await call(server, 'POST', '/api/utils/sessionToken/GetData', { body: params({}), headers: { cookie }, idempotencyKey: null });
    expect(r.body).toMatchObject({ APIResponseCode: 0, userName: 'avi' });
    expect((await call(server, 'GET', '/api/binyan/buildings', { headers: { cookie } })).status).toBe(200);
    expect((await call(server, 'GET', '/api/binyan/buildings', { token: cookieValue(setCookie) })).status).toBe(401);
    expect((await call(server, 'GET', '/api/binyan/buildings', { headers: { cookie: `binyan_session=${token}` } })).status).toBe(401);
  });

  it('logout ends the session for the token and the cookie, and clears the cookie', async () => {
    const { token, setCookie } = await signIn('avi');
    const cookie = `binyan_session=${cookieValue(setCookie)}`;
    const out = await call(server, 'POST', '/api/auth/logout', { headers: { cookie }, body: {}, idempotencyKey: null });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/^binyan_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await call(server, 'GET', '/api/binyan/buildings', { headers: { cookie } })).status).toBe(401);
    expect((await call(server, 'GET', '/api/binyan/buildings', { token })).status).toBe(401);
  });
});
