// HTTP hardening: security headers on every answer, file answers that cannot run or be cached by a
// proxy, images by cookie or header (never a token in the URL), small bodies by default, and
// authentication before a body is read.
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { call, newId, params, startTestServer } from './harness.ts';
import { b64, testJpeg } from './images.ts';

let server: TestServer;
let dir: string;
let avi: string;
let cookie: string;
let fileId: string;

const cookieOf = (setCookie: string | null) => /^(binyan_session=[^;]+)/.exec(setCookie ?? '')?.[1] ?? '';

/** OTP sign-in asking for the cookie (as the app does); returns the token and the cookie pair. */
async function signInWithCookie(user: string): Promise<{ token: string; cookie: string }> {
  server.otpCodes.delete(user);
  const start = await call<{ otpGuid: string }>(server, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: 'demo1234', compID: 1001, appId: 2, otpPreferredSendMethod: 'sms' },
    idempotencyKey: null,
  });
  const otpCode = await server.waitForOtp(user);
  const auth = await call<{ sessionToken: string }>(server, 'POST', '/api/auth/otp/auth', {
    body: { otpGuid: start.body.otpGuid, otpCode, saveSessionTokenInHttpCookie: true },
    idempotencyKey: null,
  });
  return { token: auth.body.sessionToken, cookie: cookieOf(auth.headers.get('set-cookie')) };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'binyan-hardening-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Binyan</title>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  server = await startTestServer({ staticDir: dir });
  ({ token: avi, cookie } = await signInWithCookie('avi'));
  const callId = newId();
  await call(server, 'POST', '/api/binyan/service-calls', {
    token: avi,
    body: { id: callId, buildingId: 101, domain: 'plumbing', description: 'Water leak under the stairs' },
  });
  const up = await call<{ fileId: string }>(server, 'POST', '/api/files/upload/B64', {
    token: avi,
    body: params({
      parentType: 'serviceCalls',
      parentID: callId,
      orgID: 1001,
      fileID: newId(),
      srcFileName: 'לובי "1"\r\n.jpg',
      base64String: b64(await testJpeg(7)),
    }),
  });
  fileId = up.body.fileId;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on every answer: API, errors, the shell, the service worker and 404s', async () => {
    const answers = [
      await fetch(`${server.baseUrl}/api/health`),
      await fetch(`${server.baseUrl}/api/binyan/buildings`, { headers: { authorization: avi } }),
      await fetch(`${server.baseUrl}/api/binyan/buildings`),
      await fetch(`${server.baseUrl}/api/files/upload/B64`, { method: 'POST' }),
      await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } }),
      await fetch(`${server.baseUrl}/sw.js`),
      await fetch(`${server.baseUrl}/api/nothing-here`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 200, 200, 200, 404]);
    for (const r of answers) {
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, r.url).toContain("script-src 'self'");
      expect(csp, r.url).toContain("frame-ancestors 'none'");
      expect(csp, r.url).toContain("object-src 'none'");
      expect(csp, r.url).toContain("img-src 'self' blob: data:");
      expect(csp, r.url).toContain("connect-src 'self'");
      expect(csp, r.url).not.toContain('unsafe-inline');
      expect(r.headers.get('x-content-type-options'), r.url).toBe('nosniff');
      expect(r.headers.get('referrer-policy'), r.url).toBe('no-referrer');
      expect(r.headers.get('x-frame-options'), r.url).toBe('DENY');
      expect(r.headers.get('strict-transport-security'), r.url).toBeNull();
    }
  });

  it('adds HSTS only when the request came over TLS (behind a trusted proxy that says so)', async () => {
    const forged = await fetch(`${server.baseUrl}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    const behindProxy = await startTestServer({ trustProxy: true });
    try {
      const r = await fetch(`${behindProxy.baseUrl}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(r.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('file answers', () => {
  it('cannot run, are inline images with a safe name, and stay out of shared caches', async () => {
    const r = await fetch(`${server.baseUrl}/api/files/getImg?src=${fileId}`, { headers: { authorization: avi } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(r.headers.get('content-disposition')).toBe('inline; filename="1.jpg"');
    expect(r.headers.get('cache-control')).toMatch(/^private\b/);
    expect(r.headers.get('vary')).toBe('Cookie, Authorization');
  });

  it('refuses a session token in the URL; the cookie or the Authorization header is needed', async () => {
    const url = `${server.baseUrl}/api/files/getImg?src=${fileId}`;
    const byQuery = await fetch(`${url}&sessionToken=${encodeURIComponent(avi)}`);
    expect(byQuery.status).toBe(401);
    expect((await fetch(url, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(url, { headers: { authorization: `Bearer ${avi}` } })).status).toBe(200);
  });

  it('loads by cookie after a silent re-login too (the renewal renews the cookie)', async () => {
    const deviceId = `device-${newId()}`;
    server.otpCodes.delete('avi');
    const started = await call<{ otpGuid: string }>(server, 'POST', '/api/auth/otp/start', {
      body: { idParam1: 'avi', idParam2: 'demo1234', compID: 1001, appId: 2, otpPreferredSendMethod: 'sms' },
      idempotencyKey: null,
    });
    const signedIn = await call<{ renewalSecret: string }>(server, 'POST', '/api/auth/otp/auth', {
      body: { otpGuid: started.body.otpGuid, otpCode: await server.waitForOtp('avi'), deviceId },
      idempotencyKey: null,
    });
    const relogin = await call(server, 'POST', '/api/auth/session/renew', {
      body: { renewalSecret: signedIn.body.renewalSecret, deviceId, saveSessionTokenInHttpCookie: true },
      idempotencyKey: null,
    });
    expect(relogin.status).toBe(200);
    const renewed = cookieOf(relogin.headers.get('set-cookie'));
    expect(renewed).not.toBe('');
    expect((await fetch(`${server.baseUrl}/api/files/getImg?src=${fileId}`, { headers: { cookie: renewed } })).status).toBe(200);
  });
});

type Early = { status: number; body: string; sentBytes: number };

/**
 * Announces a 5 MB body, sends only its first 64 KB and waits for the answer: a server that read (or
 * waited for) the body before authenticating never answers, and the test fails on its timeout.
 */
function postHugeBody(path: string, headers: Record<string, string> = {}): Promise<Early> {
  return new Promise((resolve, reject) => {
    const total = 5 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const req = request(`${server.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(total), ...headers },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body, sentBytes: chunk.length });
        req.destroy();
      });
    });
    req.on('error', (error) => reject(error));
    req.write(chunk);
  });
}

describe('bodies', () => {
  it('answers an anonymous 5 MB upload before its body arrives', async () => {
    const r = await postHugeBody('/api/files/upload/B64', { 'idempotency-key': 'k-anon' });
    expect(r.sentBytes).toBeLessThan(5 * 1024 * 1024);
    // Style 2: HTTP 200 with the session code.
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ APIResponseCode: -1, error: { code: 'SESSION_EXPIRED' } });
  });

  it('answers an expired or anonymous 5 MB write before its body arrives', async () => {
    expect((await postHugeBody('/api/binyan/service-calls', { authorization: 'expired-token' })).status).toBe(401);
    // Without any credential a small route may still find the provider's token in its body, but never
    // in one over the small limit: refused by its announced length, unread.
    expect((await postHugeBody('/api/binyan/service-calls')).status).toBe(413);
  });

  it('refuses a body over the small default limit with 413, and an upload over its own limit with the file limit', async () => {
    const big = await postHugeBody('/api/binyan/service-calls', { authorization: avi });
    expect(big.status).toBe(413);
    const res = await call(server, 'POST', '/api/binyan/service-calls', {
      token: avi,
      body: { id: newId(), buildingId: 101, domain: 'plumbing', description: 'x'.repeat(200 * 1024) },
    });
    expect(res.status).toBe(413);
  });

  it('still takes the provider token as a parameter of a small style-2 call', async () => {
    const r = await call(server, 'POST', '/api/utils/sessionToken/GetData', { body: params({ sessionToken: avi }), idempotencyKey: null });
    expect(r.body).toMatchObject({ APIResponseCode: 0, userName: 'avi' });
  });
});
