// The session port of the app, composed over the encrypted session vault and the shared token
// re-login (one renewal across tabs and the service worker, Web Lock `binyan-relogin`).
import type { ApiClient } from '../../api/client';
import { isLoggedIn, sessionVault } from '../../db/sessionVault';
import type { SessionVault } from '../../db/sessionVault';
import { userKeyOf } from '../write/userKey';
import type { SessionPort } from './sessionPort';
import { createVaultRelogin } from './vaultRelogin';

export function createDefaultSessionPort(api: ApiClient, vault: SessionVault = sessionVault()): SessionPort {
  const relogin = createVaultRelogin(api, vault);
  return {
    async getToken() {
      if (relogin.tokenIsReset()) return null;
      const s = await vault.loadSession();
      return s.sessionToken || null;
    },
    renew: () => relogin.renew(),
    renewalUnanswered: () => relogin.lastOutcome() === 'unreachable',
    async currentUserKey() {
      const s = await vault.loadSession();
      return isLoggedIn(s) && s.compID !== null ? await userKeyOf(s.compID, s.userName) : null;
    },
  };
}
