// The session port of the app, composed over the encrypted session vault and the shared token
// re-login (one renewal across tabs and the service worker, Web Lock `binyan-relogin`).
import type { ApiClient } from '../api/client';
import { authByCompId } from '../api/calls/auth';
import { createTokenRelogin } from '../api/relogin/tokenRelogin';
import { isLoggedIn, sessionVault } from '../db/sessionVault';
import type { SessionVault } from '../db/sessionVault';
import { userKeyOf } from './sessionPort';
import type { SessionPort } from './sessionPort';

export function createDefaultSessionPort(api: ApiClient, vault: SessionVault = sessionVault()): SessionPort {
  // The re-login's "reset the token" stays in this context (as in the page's session.ts): writing an
  // empty token to the shared vault would log every open tab out (to Login, losing the user's place)
  // for the length of a renewal that is about to succeed. A failed renewal does log out (onFailed).
  let tokenReset = false;
  const relogin = createTokenRelogin({
    async loadCredentials() {
      const s = await vault.loadSession();
      return s.compID && s.userName && s.pswd ? { compId: s.compID, userName: s.userName, password: s.pswd } : null;
    },
    authByCompId: (credentials) => authByCompId(api, { compId: credentials.compId, userName: credentials.userName, password: credentials.password }),
    async saveToken(token) {
      if (token === '') {
        tokenReset = true;
        return;
      }
      await vault.updateSession({ sessionToken: token, tokenCreated: new Date().toISOString() });
      tokenReset = false;
    },
    async onFailed() {
      tokenReset = false;
      // The entries stay for this user; they replay after the next login.
      await vault.updateSession({ sessionToken: '', loggedIn: false });
    },
    readToken: async () => (await vault.loadSession()).sessionToken,
  });
  return {
    async getToken() {
      if (tokenReset) return null;
      const s = await vault.loadSession();
      return s.sessionToken || null;
    },
    async renew() {
      try {
        return await relogin.renew();
      } finally {
        tokenReset = false;
      }
    },
    async currentUserKey() {
      const s = await vault.loadSession();
      return isLoggedIn(s) && s.compID !== null ? await userKeyOf(s.compID, s.userName) : null;
    },
  };
}
