// Start-up of the session: apply the URL parameters, then, when the stored session has no token (it
// came back from the cookies, or a link signed in without one), renew it silently with the device's
// renewal secret (spec section 4) before the routes render. A token that is there but expired is
// renewed on first use by the same shared re-login. Offline, the stored session is kept as is.
import { createApiClient } from '../../api/client';
import { authByCompId, getCompGuidByBid, getSessionData } from '../../api/calls/auth';
import { deviceId, emptySession, loadSession, saveSession, updateSession } from '../../db/sessionVault';
import type { Session } from '../../db/sessionVault';
import { api, relogin } from '../../session/api';
import { sessionFieldsFromUser } from '../../session/sessionFromUser';
import { hasStartupParams, readStartupParams, withoutStartupParams } from './startupParams';
import { rememberStartupPassword } from '../../session/startupPrefill';
import { rememberLinkSite } from '../../session/companySite';

/**
 * `userinfo` (user,password) with `cpid`: the password signs in by itself only where the server allows
 * it (AuthByCompID, off by default); the device then keeps a renewal secret, never the password.
 * Otherwise the Login form opens prefilled (the password from memory only) and the code completes it.
 */
async function signInFromLink(patch: Partial<Session>, password: string): Promise<void> {
  const device = await deviceId();
  const current = await loadSession();
  const base: Session = { ...emptySession, languageId: current.languageId, deviceId: device, ...patch };
  if (base.sessionToken !== '' || password === '' || base.compID === null || base.userName === '') {
    await saveSession(base);
    return;
  }
  try {
    // Its own client: the stored token (maybe another user's) must not ride along.
    const answer = await authByCompId(createApiClient(), { compId: base.compID, userName: base.userName, password, deviceId: device });
    await saveSession({
      ...base,
      ...sessionFieldsFromUser(answer),
      sessionToken: answer.sessionToken,
      renewalSecret: answer.renewalSecret ?? '',
      tokenCreated: new Date().toISOString(),
      loggedIn: true,
    });
  } catch {
    // Refused (password login is off, or wrong details) or unreachable: Login with the details filled in.
    rememberStartupPassword(password);
    await saveSession(base);
  }
}

async function applyParams(search: URLSearchParams): Promise<void> {
  if (search.has('site')) rememberLinkSite(search.get('site'));
  const params = readStartupParams(search);
  const current = await loadSession();
  switch (params.kind) {
    case 'sessionToken': {
      // Its own client: the stored token (maybe another user's) must not ride along.
      const data = await getSessionData(createApiClient(), params.token);
      await saveSession({
        ...emptySession,
        languageId: current.languageId,
        deviceId: current.deviceId,
        ...sessionFieldsFromUser(data),
        sessionToken: params.token,
        tokenCreated: new Date().toISOString(),
        loggedIn: true,
      });
      return;
    }
    case 'userInfo':
      await signInFromLink(params.patch, params.password);
      return;
    case 'building': {
      const patch: Partial<Session> = { bID: params.bid };
      if (!current.loggedIn || current.compID === params.compId) patch.compID = params.compId;
      try {
        const answer = await getCompGuidByBid(api, { compId: params.compId, bid: params.bid });
        const guid: unknown = answer.CompGUID;
        if (typeof guid === 'string') patch.compGUID = guid;
      } catch {
        // Needs a session the link may not come with; the building id alone is still useful.
      }
      await updateSession(patch);
      return;
    }
    case 'none':
      return;
  }
}

let taken: URLSearchParams | null = null;

/**
 * Takes the start-up parameters out of the URL at once, before the router reads its first location:
 * otherwise the router keeps them (a `userinfo` password too) and Login remembers them as the page
 * to return to. runSessionStartup applies them.
 */
export function takeStartupParams(win: Pick<Window, 'location' | 'history'> = window): void {
  const search = new URLSearchParams(win.location.search);
  if (!hasStartupParams(search)) return;
  taken = search;
  win.history.replaceState(win.history.state, '', withoutStartupParams(win.location.href));
}

/**
 * Runs before the first render of the routes. A session marked logged in but without a token waits
 * for the silent renewal (which goes to Login when it cannot renew); one with a token is usable at
 * once, offline too.
 */
export async function runSessionStartup(win: Pick<Window, 'location' | 'history'> = window): Promise<void> {
  const search = taken ?? new URLSearchParams(win.location.search);
  taken = null;
  if (hasStartupParams(search)) {
    try {
      await applyParams(search);
    } finally {
      win.history.replaceState(win.history.state, '', withoutStartupParams(win.location.href));
    }
  }
  const s = await loadSession();
  if (s.loggedIn && s.sessionToken === '') await relogin.renew('');
}
