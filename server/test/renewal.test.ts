// Silent re-login with a device-bound renewal secret instead of a stored password (spec section 4,
// issue 11 §3): issued at the one-time-code sign-in, rotated on each use, a reused or foreign-device
// secret revokes its chain and ends its sessions, logout revokes it, and it expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredSignInData } from '../src/auth/purge.ts';
import { signInLimitsWith } from '../src/auth/signInLimits.ts';
import { openDatabase } from '../src/db/open.ts';
import { usageLimitsWith } from '../src/limits/usageLimits.ts';
import type { TestServer } from './harness.ts';
import { call, loginAs, startTestServer } from './harness.ts';

type Renewed = { sessionToken: string; renewalSecret: string; user: Record<string, unknown>; error?: { code: string; messageKey: string } };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const device = 'phone-4f6c1b9e2d8a7035';
const renew = (renewalSecret: string, deviceId = device) =>
  call<Renewed>(server, 'POST', '/api/auth/session/renew', { body: { renewalSecret, deviceId }, idempotencyKey: null });
const works = async (token: string) => (await call(server, 'GET', '/api/binyan/buildings', { token })).status === 200;

async function signIn(user = 'avi', deviceId = device): Promise<{ token: string; secret: string }> {
  const login = await loginAs(server, user, 1001, 'demo1234', { deviceId });
  if (!login.renewalSecret) throw new Error('no renewal secret');
  return { token: login.token, secret: login.renewalSecret };
}

function expectRefused(reply: { status: number; body: Renewed }): void {
  expect(reply.status).toBe(401);
  expect(reply.body).toMatchObject({ APIResponseCode: -1, error: { code: 'RENEWAL_REFUSED', messageKey: 'errors:sessionExpired' } });
  expect(reply.body.sessionToken).toBeUndefined();
}

describe('renewal secret', () => {
  it('comes with a one-time-code sign-in that names its device, and not without one', async () => {
    const { secret, token } = await signIn();
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(secret).not.toBe(token);
    expect((await loginAs(server, 'miri')).renewalSecret).toBeUndefined();
  });

  it('renews the session and rotates: a new token and secret, the presented secret stops working', async () => {
    const { secret } = await signIn();
    const first = await renew(secret);
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({ userName: 'avi', compID: 1001 });
    expect(await works(first.body.sessionToken)).toBe(true);
    expect(first.body.renewalSecret).not.toBe(secret);
    const second = await renew(first.body.renewalSecret);
    expect(second.status).toBe(200);
    expect(await works(second.body.sessionToken)).toBe(true);
  });

  it('revokes the whole chain and ends its sessions when a spent secret comes back', async () => {
    const { secret, token } = await signIn();
    const next = await renew(secret);
    // The answer arrived: its session served a request. The spent secret coming back is a copy.
    expect(await works(next.body.sessionToken)).toBe(true);
    expectRefused(await renew(secret));
    // The thief or the owner: whoever holds the newer secret is out too, and the chain's sessions end.
    expectRefused(await renew(next.body.renewalSecret));
    expect(await works(next.body.sessionToken)).toBe(false);
    expect(await works(token)).toBe(false);
    // Another sign-in of the same user is another chain and lives on.
    const other = await signIn();
    expect((await renew(other.secret)).status).toBe(200);
  });

  it('answers again a renewal whose answer was lost, and only while nothing that answer carried was used', async () => {
    const { secret, token } = await signIn();
    const lost = await renew(secret); // the server spent the secret; the answer never reached the phone
    server.clock.advance(3 * 60 * 60_000); // hours later, back in signal, the phone presents the same secret
    const again = await renew(secret);
    expect(again.status).toBe(200);
    expect(again.body.renewalSecret).not.toBe(lost.body.renewalSecret);
    expect(await works(again.body.sessionToken)).toBe(true);
    // What the lost answer carried is void: its session never starts, its secret is refused.
    expect(await works(lost.body.sessionToken)).toBe(false);
    const next = await renew(again.body.renewalSecret);
    expect(next.status).toBe(200);
    expect(await works(next.body.sessionToken)).toBe(true);
    // Only a copy could present the dropped secret: the chain ends, for the copy and the phone alike.
    expectRefused(await renew(lost.body.renewalSecret));
    expectRefused(await renew(next.body.renewalSecret));
    expect(await works(next.body.sessionToken)).toBe(false);
    expect(await works(token)).toBe(false);
  });

  it('treats a spent secret as a copy once the next secret was used', async () => {
    const { secret } = await signIn();
    const first = await renew(secret);
    const second = await renew(first.body.renewalSecret);
    expect(second.status).toBe(200);
    expectRefused(await renew(secret));
    expectRefused(await renew(second.body.renewalSecret));
  });

  it('is bound to its device: another device id is refused and revokes the chain', async () => {
    const { secret } = await signIn();
    expectRefused(await renew(secret, 'another-device-000000'));
    expectRefused(await renew(secret));
  });

  it('is revoked at logout with the session, and by the secret alone once the session is gone', async () => {
    const a = await signIn();
    expect((await call(server, 'POST', '/api/auth/logout', { token: a.token, body: {}, idempotencyKey: null })).status).toBe(200);
    expectRefused(await renew(a.secret));

    const b = await signIn();
    const renewed = await renew(b.secret);
    server.clock.advance(13 * 60 * 60_000); // past the 12 h idle expiry: the session is gone
    expect(await works(renewed.body.sessionToken)).toBe(false);
    const out = await call(server, 'POST', '/api/auth/logout', { body: { renewalSecret: renewed.body.renewalSecret }, idempotencyKey: null });
    expect(out.status).toBe(200);
    expectRefused(await renew(renewed.body.renewalSecret));
    // Nothing to log out at all: as before, the session is expired.
    expect((await call(server, 'POST', '/api/auth/logout', { body: {}, idempotencyKey: null })).status).toBe(401);
  });

  it('expires after 60 days unused, and the purge removes it with expired codes', async () => {
    const { secret } = await signIn();
    server.clock.advance(61 * 24 * 60 * 60_000);
    expectRefused(await renew(secret));
    const db = openDatabase(server.database);
    try {
      const count = async () => Number((await db.first(db.q.selectFrom('renewal_secrets').select((eb) => eb.fn.countAll<number>().as('n'))))?.n);
      const before = await count();
      expect(before).toBeGreaterThan(0);
      const purged = await purgeExpiredSignInData({ db, now: server.clock.now, signInLimits: signInLimitsWith(), usageLimits: usageLimitsWith() });
      expect(purged.renewalSecrets).toBe(before);
      expect(purged.otpChallenges).toBeGreaterThan(0);
      expect(await count()).toBe(0);
    } finally {
      await db.close();
    }
  });

  it('refuses an unknown secret and a malformed device id', async () => {
    expectRefused(await renew('not-a-secret-at-all'));
    const { secret } = await signIn();
    expect((await renew(secret, 'x')).status).toBe(422);
  });
});
