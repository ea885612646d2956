// The page's wiring of the session: one API client that sends the stored token, one token re-login
// shared by every page call (the service worker and other tabs join it through the Web Lock), and
// `callWithRelogin` for feature screens.
import { createApiClient } from '../../api/client';
import type { ApiClient } from '../../api/client';
import { authByCompId } from '../../api/calls/auth';
import { createCallWithRelogin, createTokenRelogin } from '../../api/relogin';
import type { CallWithRelogin, TokenRelogin } from '../../api/relogin';
import { hasStoredCredentials, loadSession, updateSession } from '../../db/sessionVault';

async function storedToken(): Promise<string> {
  return (await loadSession()).sessionToken;
}

/**
 * The re-login's "reset the token" is kept in memory: calls made meanwhile go without a token (and
 * join the renewal), but the stored session is not blanked, so the screens do not flash to Login
 * while a renewal that will succeed is in flight. A failed renewal does blank it (markLoggedOut).
 */
let tokenReset = false;

/** The client every page call uses; the token comes from the encrypted session. */
export const api: ApiClient = createApiClient({ getToken: async () => (tokenReset ? null : (await storedToken()) || null) });

function currentPath(): string | null {
  if (typeof location === 'undefined') return null;
  const path = `${location.pathname}${location.search}`;
  return path.startsWith('/login') ? null : path;
}

/** After a failed renewal: logged out, credentials kept, the page the user was on remembered. */
export async function markLoggedOut(): Promise<void> {
  tokenReset = false;
  const path = currentPath();
  await updateSession({ sessionToken: '', loggedIn: false, ...(path ? { previousPath: path } : {}) });
}

const sharedRelogin: TokenRelogin = createTokenRelogin({
  async loadCredentials() {
    const s = await loadSession();
    return hasStoredCredentials(s) && s.compID !== null ? { compId: s.compID, userName: s.userName, password: s.pswd } : null;
  },
  authByCompId: (c) => authByCompId(api, { compId: c.compId, userName: c.userName, password: c.password }),
  async saveToken(token) {
    if (token === '') {
      tokenReset = true;
      return;
    }
    await updateSession({ sessionToken: token, tokenCreated: new Date().toISOString() });
    tokenReset = false;
  },
  onFailed: markLoggedOut,
  readToken: storedToken,
});

export const relogin: TokenRelogin = {
  async renew(failedToken) {
    try {
      return await sharedRelogin.renew(failedToken);
    } finally {
      // Renewed, failed or unreachable: either way the in-memory reset is over.
      tokenReset = false;
    }
  },
  lastOutcome: () => sharedRelogin.lastOutcome(),
};

/** Wrap page API calls: a -1 answer renews the token once and retries the call once. */
export const callWithRelogin: CallWithRelogin = createCallWithRelogin(relogin, storedToken);
