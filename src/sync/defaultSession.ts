// The session port of the app, composed over the encrypted session vault and the shared token
// re-login (one renewal across tabs and the service worker, Web Lock `binyan-relogin`).
import type { ApiClient } from '../api/client';
import { authByCompId } from '../api/calls/auth';
import { createTokenRelogin } from '../api/relogin/tokenRelogin';
import { isLoggedIn, sessionVault } from '../db/sessionVault';
import { userKeyOf } from './sessionPort';
import type { SessionPort } from './sessionPort';

export function createDefaultSessionPort(api: ApiClient): SessionPort {
  const vault = sessionVault();
  const relogin = createTokenRelogin({
    async loadCredentials() {
      const s = await vault.loadSession();
      return s.compID && s.userName && s.pswd ? { compId: s.compID, userName: s.userName, password: s.pswd } : null;
    },
    authByCompId: (credentials) => authByCompId(api, { compId: credentials.compId, userName: credentials.userName, password: credentials.password }),
    async saveToken(token) {
      await vault.updateSession({ sessionToken: token, tokenCreated: token ? new Date().toISOString() : null });
    },
    async onFailed() {
      // The entries stay for this user; they replay after the next login.
      await vault.updateSession({ sessionToken: '', loggedIn: false });
    },
    readToken: async () => (await vault.loadSession()).sessionToken,
  });
  return {
    async getToken() {
      const s = await vault.loadSession();
      return s.sessionToken || null;
    },
    renew: () => relogin.renew(),
    async currentUserKey() {
      const s = await vault.loadSession();
      return isLoggedIn(s) && s.compID !== null ? userKeyOf(s.compID, s.userName) : null;
    },
  };
}
