// An approved data deletion ends the account (issue 27 §14): its sessions end on every server (a second
// server's session cache included), every device's renewal secret stops working, and no way of signing
// in is left — password, phone, a code asked for before the deletion, the old password-only call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, newId, params, startTestServer } from './harness.ts';

type Start = { codeSent?: boolean; otpGuid?: string; sendTo?: { target: string; target2: string }; error?: { code: string } };
type Renewed = { sessionToken?: string; renewalSecret?: string; error?: { code: string } };

let a: TestServer;
let b: TestServer;
const phone = '0545556677';
const devices = ['tali-phone-device-0001', 'tali-laptop-device-0002'];
const wrong = (code: string) => String((Number(code) + 1) % 100000).padStart(5, '0');

beforeAll(async () => {
  a = await startTestServer({ allowPasswordLogin: true });
  // Another server on the same database, with its own session cache (as another process behind the balancer).
  b = await startTestServer({ sharing: a, allowPasswordLogin: true });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const renew = (server: TestServer, renewalSecret: string, deviceId: string) =>
  call<Renewed>(server, 'POST', '/api/auth/session/renew', { body: { renewalSecret, deviceId }, idempotencyKey: null });
const otpStart = (server: TestServer, user: string) =>
  call<Start>(server, 'POST', '/api/auth/otp/start', {
    body: { idParam1: user, idParam2: 'demo1234', compID: 1001, appId: 2, appGuid: 'g', otpPreferredSendMethod: 'sms' },
    idempotencyKey: null,
  });
const profile = (server: TestServer, token: string) => call(server, 'GET', '/api/binyan/profile', { token });

describe('an approved data deletion', () => {
  it('ends every session and renewal chain, on both servers, and leaves no way to sign in', async () => {
    // Two devices of the tenant, each with its renewal chain, one signed in through each server.
    const onA = await loginAs(a, 'tali', 1001, 'demo1234', { deviceId: devices[0] });
    const onB = await loginAs(b, 'tali', 1001, 'demo1234', { deviceId: devices[1] });
    // Both sessions are in both servers' caches.
    for (const server of [a, b]) for (const { token } of [onA, onB]) expect((await profile(server, token)).status).toBe(200);
    // One renewal before the deletion works (the chain is live), and gives the secret the device keeps.
    const renewed = await renew(b, onA.renewalSecret ?? '', devices[0] ?? '');
    expect(renewed.status, renewed.text).toBe(200);
    // A code asked for before the deletion, not yet used.
    a.otpCodes.delete('tali');
    const pending = await otpStart(a, 'tali');
    const pendingCode = await a.waitForOtp('tali');

    const admin = (await loginAs(a, 'admin')).token;
    const id = newId();
    expect((await call(a, 'POST', '/api/binyan/profile/requests', { token: onA.token, body: { id, kind: 'deletion', note: '' } })).status).toBe(201);
    const decided = await call(a, 'POST', `/api/binyan/profile/deletion-requests/${id}/decision`, { token: admin, body: { decision: 'approved' } });
    expect(decided.status, decided.text).toBe(200);

    // Sessions: gone at once on the server that decided, and on the other as soon as it hears of it from
    // the database (its session cache: PostgreSQL's NOTIFY, SQLite's change counter; at most CACHE_MS).
    for (const { token } of [onA, onB]) expect((await profile(a, token)).status).toBe(401);
    for (const { token } of [onA, onB]) await expect.poll(async () => (await profile(b, token)).status, { timeout: 5_000, interval: 20 }).toBe(401);
    for (const token of [onA.token, onB.token, renewed.body.sessionToken ?? '']) expect((await profile(b, token)).status).toBe(401);
    // Renewal: every device's latest secret is refused, on either server.
    expect((await renew(a, renewed.body.renewalSecret ?? '', devices[0] ?? '')).body.error).toMatchObject({ code: 'RENEWAL_REFUSED' });
    expect((await renew(b, onB.renewalSecret ?? '', devices[1] ?? '')).body.error).toMatchObject({ code: 'RENEWAL_REFUSED' });

    // Password sign-in: answered as an unknown user, and no code is sent.
    for (const server of [a, b]) server.otpCodes.clear();
    const again = await otpStart(b, 'tali');
    expect(again.body).toMatchObject({ codeSent: false, sendTo: { target2: '' } });
    const oldPassword = await call<{ APIResponseCode?: number; sessionToken?: string }>(b, 'POST', '/api/dbActions/Login/AuthByCompID/v2', {
      body: params({ CompID: 1001, UserName: 'tali', UserPswd: 'demo1234' }),
      idempotencyKey: null,
    });
    expect(oldPassword.body.sessionToken).toBeUndefined();
    // The code asked for before: refused, even the right one.
    const late = await call(a, 'POST', '/api/auth/otp/auth', { body: { otpGuid: pending.body.otpGuid, otpCode: pendingCode }, idempotencyKey: null });
    expect(late.status).toBe(422);
    expect(
      (await call(a, 'POST', '/api/auth/otp/auth', { body: { otpGuid: pending.body.otpGuid, otpCode: wrong(pendingCode) }, idempotencyKey: null })).status,
    ).toBe(422);
    // Phone sign-in with the phone the account had: answered as any phone, no code.
    const byPhone = await call<Start>(b, 'POST', '/api/auth/phone/start', { body: { phone, otpPreferredSendMethod: 'sms' }, idempotencyKey: null });
    expect(byPhone.body).toMatchObject({ codeSent: true, sendTo: { target2: '' } });
    expect(a.otpCodes.has('tali') || b.otpCodes.has('tali') || b.otpCodes.has(phone)).toBe(false);

    // What stays: the row, without its personal details, disabled.
    const db = openDatabase(a.database);
    try {
      const row = await db.first(
        db.q.selectFrom('users').select(['fullName', 'phone', 'email', 'disabledAt']).where('userName', '=', 'tali').where('companyId', '=', 1001),
      );
      expect(row).toMatchObject({ fullName: '—', phone: '', email: null, disabledAt: expect.any(String) });
      const live = await db.all(
        db.q
          .selectFrom('renewal_secrets')
          .select('chainId')
          .where('revokedAt', 'is', null)
          .where('userId', 'in', db.q.selectFrom('users').select('id').where('userName', '=', 'tali')),
      );
      expect(live).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
