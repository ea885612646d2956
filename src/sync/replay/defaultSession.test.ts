// The service worker's session port: a silent re-login must not log the open tabs out meanwhile
// (found by the browser chaos suite: a 401 in the middle of a replay sent the page to Login and then
// to the dashboard, losing the user's place), and it renews with the device's renewal secret, never a
// password.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { AppDB } from '../../db/db';
import { createSessionVault, emptySession, isLoggedIn } from '../../db/sessionVault';
import type { Session, SessionVault } from '../../db/sessionVault';
import { createDefaultSessionPort } from './defaultSession';
import { userKeyOf } from '../write/userKey';

const dbs: AppDB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

const signedIn: Session = {
  ...emptySession,
  userName: 'avi',
  compID: 1001,
  sessionToken: 'expired-token',
  renewalSecret: 'secret-1',
  deviceId: 'device-1234567890abcdef',
  loggedIn: true,
};

/** A signed-in vault that records every session write (to prove the token is never blanked mid-renewal). */
async function signedInVault(db = new AppDB(`default-session-${Math.random()}`)): Promise<SessionVault & { writes: Partial<Session>[] }> {
  dbs.push(db);
  const inner = createSessionVault(db.meta, null, { channel: null });
  await inner.saveSession(signedIn);
  const writes: Partial<Session>[] = [];
  return {
    ...inner,
    writes,
    async saveSession(session) {
      writes.push(session);
      return inner.saveSession(session);
    },
    async updateSession(patch) {
      writes.push(patch);
      return inner.updateSession(patch);
    },
  };
}

type Sent = { path: string; body: unknown };

/** Only the renewal (POST auth/session/renew) is used by the port; `answer` answers it. */
function apiAnswering(answer: (body: unknown) => Promise<unknown>, sent: Sent[] = []): ApiClient {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    request: async <T>(_method: string, path: string, payload?: unknown) => {
      sent.push({ path, body: payload });
      return (await answer(payload)) as T;
    },
    raw: unused,
    url: (path) => path,
    callStyle2: unused,
  };
}

describe('default session port (service worker and page engine)', () => {
  it('keeps every tab signed in while it renews with the renewal secret, sends no token meanwhile, then stores the new token and secret', async () => {
    const vault = await signedInVault();
    const sent: Sent[] = [];
    let during: { stored: Session; token: string | null; userKey: string | null } | null = null;
    const port = createDefaultSessionPort(
      apiAnswering(async () => {
        during = { stored: await vault.loadSession(), token: await port.getToken(), userKey: await port.currentUserKey() };
        return { sessionToken: 'fresh-token', renewalSecret: 'secret-2', user: {} };
      }, sent),
      vault,
    );

    expect(await port.renew()).toBe(true);
    expect(sent).toEqual([
      { path: 'auth/session/renew', body: { renewalSecret: 'secret-1', deviceId: 'device-1234567890abcdef', saveSessionTokenInHttpCookie: true } },
    ]);
    expect(during).not.toBeNull();
    const seen = during as unknown as { stored: Session; token: string | null; userKey: string | null };
    expect(isLoggedIn(seen.stored)).toBe(true);
    expect(seen.stored.sessionToken).toBe('expired-token');
    expect(seen.token).toBeNull();
    expect(seen.userKey).toBe(await userKeyOf(1001, 'avi'));
    expect(await vault.loadSession()).toMatchObject({ sessionToken: 'fresh-token', renewalSecret: 'secret-2' });
    expect(await port.getToken()).toBe('fresh-token');
    // The only write of the whole renewal is the new token with the next secret: the stored token was never blanked.
    expect(vault.writes).toEqual([{ sessionToken: 'fresh-token', renewalSecret: 'secret-2', tokenCreated: expect.any(String) }]);
  });

  it('logs out (keeping the user key for the next login, dropping the refused secret) when the renewal is refused', async () => {
    const vault = await signedInVault();
    const port = createDefaultSessionPort(
      apiAnswering(async () => {
        throw new ApiError({ message: 'Session expired', errorCode: -1, messageKey: 'errors:sessionExpired', status: 401 });
      }),
      vault,
    );

    expect(await port.renew()).toBe(false);
    const after = await vault.loadSession();
    expect(after).toMatchObject({ loggedIn: false, sessionToken: '', renewalSecret: '', userName: 'avi', compID: 1001, deviceId: 'device-1234567890abcdef' });
    expect(isLoggedIn(after)).toBe(false);
    expect(vault.writes).toEqual([{ sessionToken: '', loggedIn: false, renewalSecret: '' }]);
    expect(await port.currentUserKey()).toBeNull();
    expect(await port.getToken()).toBeNull();
  });

  it('presents the secret in storage, not a stale one from its cache (a spent secret would revoke the device)', async () => {
    const db = new AppDB(`default-session-${Math.random()}`);
    const vault = await signedInVault(db);
    await vault.loadSession();
    // Another context rotated the secret (its token write is not seen yet, e.g. a later renewal step).
    await createSessionVault(db.meta, null, { channel: null }).updateSession({ renewalSecret: 'secret-from-another-tab' });
    const sent: Sent[] = [];
    const port = createDefaultSessionPort(
      apiAnswering(async () => ({ sessionToken: 'fresh', renewalSecret: 'secret-3', user: {} }), sent),
      vault,
    );
    expect(await port.renew()).toBe(true);
    expect(sent[0]?.body).toMatchObject({ renewalSecret: 'secret-from-another-tab' });
  });
});
