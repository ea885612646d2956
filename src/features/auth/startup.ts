// Start-up of the session: apply the URL parameters, then log in again with the stored credentials
// (spec section 4) so a reopened app has a fresh token. Offline, the stored session is kept as is.
import { createApiClient } from '../../api/client';
import { authByCompId, getCompGuidByBid, getSessionData } from '../../api/calls/auth';
import { isUnreachable } from '../../api/relogin';
import { emptySession, hasStoredCredentials, loadSession, saveSession, updateSession } from '../../db/sessionVault';
import type { Session } from '../../db/sessionVault';
import { api } from './session';
import { sessionFieldsFromUser } from './sessionFromUser';
import { hasStartupParams, readStartupParams, withoutStartupParams } from './startupParams';

async function applyParams(search: URLSearchParams): Promise<void> {
  const params = readStartupParams(search);
  const current = await loadSession();
  switch (params.kind) {
    case 'sessionToken': {
      // Its own client: the stored token (maybe another user's) must not ride along.
      const data = await getSessionData(createApiClient(), params.token);
      await saveSession({
        ...emptySession,
        languageId: current.languageId,
        ...sessionFieldsFromUser(data),
        sessionToken: params.token,
        tokenCreated: new Date().toISOString(),
        loggedIn: true,
      });
      return;
    }
    case 'userInfo':
      await saveSession({ ...emptySession, languageId: current.languageId, ...params.patch });
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

/** The start-up re-login; resolves once the session reflects its outcome. */
export async function reloginWithStoredCredentials(): Promise<void> {
  const s = await loadSession();
  if (!s.loggedIn || !hasStoredCredentials(s) || s.compID === null) return;
  try {
    const answer = await authByCompId(api, { compId: s.compID, userName: s.userName, password: s.pswd });
    await updateSession({ ...sessionFieldsFromUser(answer), sessionToken: answer.sessionToken, tokenCreated: new Date().toISOString() });
  } catch (error) {
    if (isUnreachable(error)) return;
    await updateSession({ sessionToken: '', loggedIn: false });
  }
}

/**
 * Runs before the first render of the routes. A session that already has a token renews it in the
 * background (the app is usable offline at once); one without a token waits for the login.
 */
export async function runSessionStartup(win: Pick<Window, 'location' | 'history'> = window): Promise<void> {
  const search = new URLSearchParams(win.location.search);
  if (hasStartupParams(search)) {
    try {
      await applyParams(search);
    } finally {
      win.history.replaceState(win.history.state, '', withoutStartupParams(win.location.href));
    }
  }
  const s = await loadSession();
  const relogin = reloginWithStoredCredentials();
  if (s.sessionToken === '') await relogin;
  else void relogin;
}

