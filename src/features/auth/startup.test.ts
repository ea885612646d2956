// Start-up of the session without a stored password (issue 11 §3): a `userinfo` link signs in by
// password only where the server allows it (the device then keeps a renewal secret), otherwise it
// prefills Login from memory; a session without a token renews with the renewal secret.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../api/testing/fakeFetch';
import type { FakeHandler } from '../../api/testing/fakeFetch';
import { db } from '../../db/db';
import { emptySession, loadSession, refreshSession, saveSession } from '../../db/sessionVault';
import { runSessionStartup, takeStartupParams } from './startup';
import { forgetStartupPassword, startupPassword } from '../../session/startupPrefill';

function fakeWindow(search: string) {
  const replaced: string[] = [];
  const win = {
    location: { search, href: `http://localhost/keys${search}` } as Location,
    history: { state: null, replaceState: (_: unknown, __: string, url: string) => void replaced.push(url) } as unknown as History,
  };
  return { win, replaced };
}

function serve(handler: FakeHandler) {
  const fetch = fakeFetch(handler);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Everything the vault keeps, decrypted: the password must be nowhere in it. */
async function storedSessionText(): Promise<string> {
  return JSON.stringify(await refreshSession());
}

const link = '?userinfo=avi,demo1234&cpid=1001&fa=Herzl%205&hn=1';
const ok = { APIResponseCode: 0, APIResponseText: '', APIResponseDescription: '' };

beforeEach(async () => {
  await db.meta.clear();
  await saveSession(emptySession);
  forgetStartupPassword();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session start-up', () => {
  it('opens Login prefilled from a userinfo link when the server refuses a password alone, and stores no password', async () => {
    const fetch = serve(() => ({
      body: {
        APIResponseCode: 3,
        APIResponseText: 'x',
        APIResponseDescription: 'PASSWORD_LOGIN_DISABLED',
        error: { messageKey: 'errors:passwordLoginDisabled' },
      },
    }));
    const { win, replaced } = fakeWindow(link);
    await runSessionStartup(win);
    expect(fetch.calls.map((c) => c.url)).toEqual(['/api/dbActions/Login/AuthByCompID/v2']);
    expect(await loadSession()).toMatchObject({
      userName: 'avi',
      compID: 1001,
      loggedIn: false,
      sessionToken: '',
      fullAddress: 'Herzl 5',
      hideNavigation: true,
    });
    expect(startupPassword()).toBe('demo1234');
    expect(await storedSessionText()).not.toContain('demo1234');
    expect(replaced).toEqual(['/keys']);
  });

  it('takes the parameters out of the URL before the router reads it, and applies them at start-up', async () => {
    serve(() => ({
      body: {
        APIResponseCode: 3,
        APIResponseText: 'x',
        APIResponseDescription: 'PASSWORD_LOGIN_DISABLED',
        error: { messageKey: 'errors:passwordLoginDisabled' },
      },
    }));
    const { win, replaced } = fakeWindow(link);
    takeStartupParams(win);
    expect(replaced).toEqual(['/keys']);
    const cleaned = { ...win, location: { search: '', href: 'http://localhost/keys' } as Location };
    await runSessionStartup(cleaned);
    expect(await loadSession()).toMatchObject({ userName: 'avi', compID: 1001, hideNavigation: true });
    expect(startupPassword()).toBe('demo1234');
  });

  it('signs in from the link where the server allows a password, keeping a renewal secret for this device instead of the password', async () => {
    const fetch = serve(() => ({ body: { ...ok, sessionToken: 'tok-1', renewalSecret: 'secret-1', userName: 'avi', compID: 1001, WorkerName: 'Avi' } }));
    await runSessionStartup(fakeWindow(link).win);
    const s = await loadSession();
    expect(s).toMatchObject({ userName: 'avi', compID: 1001, loggedIn: true, sessionToken: 'tok-1', renewalSecret: 'secret-1', hideNavigation: true });
    expect(fetch.last().body).toContainEqual({ paramName: 'DeviceId', paramValue: s.deviceId, paramType: 12 });
    expect(s.deviceId).not.toBe('');
    expect(startupPassword()).toBe('');
    expect(await storedSessionText()).not.toContain('demo1234');
  });

  it('renews a session that has no token with the renewal secret before the routes render', async () => {
    await saveSession({ ...emptySession, userName: 'avi', compID: 1001, loggedIn: true, renewalSecret: 'secret-1', deviceId: 'device-1234567890abcdef' });
    const fetch = serve(() => ({ body: { sessionToken: 'tok-2', renewalSecret: 'secret-2', user: { userName: 'avi' } } }));
    await runSessionStartup(fakeWindow('').win);
    expect(fetch.calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/auth/session/renew', { renewalSecret: 'secret-1', deviceId: 'device-1234567890abcdef', saveSessionTokenInHttpCookie: true }],
    ]);
    expect(await loadSession()).toMatchObject({ loggedIn: true, sessionToken: 'tok-2', renewalSecret: 'secret-2' });
  });

  it('goes to Login when a session without a token has no renewal secret (e.g. stored by an older version with a password)', async () => {
    await saveSession({ ...emptySession, userName: 'avi', compID: 1001, loggedIn: true });
    const fetch = serve(() => ({ body: {} }));
    await runSessionStartup(fakeWindow('').win);
    expect(fetch.calls).toEqual([]);
    expect(await loadSession()).toMatchObject({ loggedIn: false, userName: 'avi', compID: 1001 });
  });

  it('leaves a session with a token alone (an expired one is renewed on first use)', async () => {
    await saveSession({
      ...emptySession,
      userName: 'avi',
      compID: 1001,
      loggedIn: true,
      sessionToken: 'tok',
      renewalSecret: 'secret-1',
      deviceId: 'device-1234567890abcdef',
    });
    const fetch = serve(() => ({ body: {} }));
    await runSessionStartup(fakeWindow('').win);
    expect(fetch.calls).toEqual([]);
    expect(await loadSession()).toMatchObject({ sessionToken: 'tok', renewalSecret: 'secret-1' });
  });
});
