// The service worker's session port: a silent re-login must not log the open tabs out meanwhile
// (found by the browser chaos suite: a 401 in the middle of a replay sent the page to Login and then
// to the dashboard, losing the user's place).
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient, Style2Answer } from '../api/client';
import { ApiError } from '../api/errors';
import { AppDB } from '../db/db';
import { createSessionVault, emptySession, isLoggedIn } from '../db/sessionVault';
import type { Session, SessionVault } from '../db/sessionVault';
import { createDefaultSessionPort } from './defaultSession';
import { userKeyOf } from './sessionPort';

const dbs: AppDB[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

/** A signed-in vault that records every session write (to prove the token is never blanked mid-renewal). */
async function signedInVault(): Promise<SessionVault & { writes: Partial<Session>[] }> {
  const db = new AppDB(`default-session-${Math.random()}`);
  dbs.push(db);
  const inner = createSessionVault(db.meta, null, { channel: null });
  await inner.saveSession({ ...emptySession, userName: 'avi', pswd: 'demo1234', compID: 1001, sessionToken: 'expired-token', loggedIn: true });
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

/** Only the style 2 login is used by the port; `login` answers it. */
function apiAnswering(login: () => Promise<Record<string, unknown>>): ApiClient {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    request: unused,
    raw: unused,
    url: (path) => path,
    callStyle2: async <T extends object>() => (await login()) as T & Style2Answer,
  };
}

describe('default session port (service worker and page engine)', () => {
  it('keeps every tab signed in while it renews, sends no token meanwhile, then stores the new one', async () => {
    const vault = await signedInVault();
    let during: { stored: Session; token: string | null; userKey: string | null } | null = null;
    const port = createDefaultSessionPort(
      apiAnswering(async () => {
        during = { stored: await vault.loadSession(), token: await port.getToken(), userKey: await port.currentUserKey() };
        return { APIResponseCode: 0, APIResponseText: '', APIResponseDescription: '', sessionToken: 'fresh-token' };
      }),
      vault,
    );

    expect(await port.renew()).toBe(true);
    expect(during).not.toBeNull();
    const seen = during as unknown as { stored: Session; token: string | null; userKey: string | null };
    expect(isLoggedIn(seen.stored)).toBe(true);
    expect(seen.stored.sessionToken).toBe('expired-token');
    expect(seen.token).toBeNull();
    expect(seen.userKey).toBe(await userKeyOf(1001, 'avi'));
    expect((await vault.loadSession()).sessionToken).toBe('fresh-token');
    expect(await port.getToken()).toBe('fresh-token');
    // The only write of the whole renewal is the new token: the stored one was never blanked.
    expect(vault.writes).toEqual([{ sessionToken: 'fresh-token', tokenCreated: expect.any(String) }]);
  });

  it('logs out (keeping the credentials and the user key for the next login) when the renewal is refused', async () => {
    const vault = await signedInVault();
    const port = createDefaultSessionPort(
      apiAnswering(async () => {
        throw new ApiError({ message: 'USER NOT FOUND', errorCode: 1, messageKey: 'errors:incorrectDetails', status: 200 });
      }),
      vault,
    );

    expect(await port.renew()).toBe(false);
    const after = await vault.loadSession();
    expect(after).toMatchObject({ loggedIn: false, sessionToken: '', userName: 'avi', pswd: 'demo1234', compID: 1001 });
    expect(isLoggedIn(after)).toBe(false);
    expect(vault.writes).toEqual([{ sessionToken: '', loggedIn: false }]);
    expect(await port.currentUserKey()).toBeNull();
    expect(await port.getToken()).toBeNull();
  });
});
