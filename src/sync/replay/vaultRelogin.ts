// The token re-login over the encrypted session vault, one implementation for the page
// (session/api.ts) and the service worker's replay (defaultSession.ts). The silent re-login
// spends the device's renewal secret (no password is kept); the server answers a new token and the
// next secret, stored together. Inside the cross-context lock the vault is read from storage, not this
// context's cache: a secret another tab already spent must not be presented again (that revokes it).
import type { ApiClient } from '../../api/client';
import { renewSession } from '../../api/calls/auth';
import { createTokenRelogin } from '../../api/relogin/tokenRelogin';
import type { TokenRelogin } from '../../api/relogin/tokenRelogin';
import { hasRenewalSecret } from '../../db/sessionVault';
import type { Session, SessionVault } from '../../db/sessionVault';

export type VaultRelogin = TokenRelogin & {
  /**
   * True while a renewal runs in this context. The "reset the token" stays in memory: calls made
   * meanwhile go without the failed token (and join the renewal), but the shared vault is not blanked,
   * so open tabs do not flash to Login for a renewal that is about to succeed.
   */
  tokenIsReset(): boolean;
};

export type VaultReloginOptions = {
  /** More to store with a failed renewal's logout (the page remembers where the user was). */
  loggedOutPatch?: () => Partial<Session>;
  locks?: Pick<LockManager, 'request'> | null;
};

export function createVaultRelogin(api: ApiClient, vault: SessionVault, options: VaultReloginOptions = {}): VaultRelogin {
  let tokenReset = false;
  const relogin = createTokenRelogin({
    async loadRenewal() {
      const s = await vault.refreshSession();
      return hasRenewalSecret(s) ? { renewalSecret: s.renewalSecret, deviceId: s.deviceId } : null;
    },
    renewSession: (credentials) => renewSession(api, credentials),
    async resetToken() {
      tokenReset = true;
    },
    async saveRenewed(renewed) {
      await vault.updateSession({ sessionToken: renewed.sessionToken, renewalSecret: renewed.renewalSecret ?? '', tokenCreated: new Date().toISOString() });
      tokenReset = false;
    },
    async onFailed() {
      tokenReset = false;
      // The secret is refused or spent: drop it. Outbox entries stay for this user until the next login.
      await vault.updateSession({ sessionToken: '', loggedIn: false, renewalSecret: '', ...options.loggedOutPatch?.() });
    },
    readToken: async () => (await vault.refreshSession()).sessionToken,
    ...(options.locks === undefined ? {} : { locks: options.locks }),
  });
  return {
    async renew(failedToken) {
      try {
        return await relogin.renew(failedToken);
      } finally {
        // Renewed, failed or unreachable: either way the in-memory reset is over.
        tokenReset = false;
      }
    },
    lastOutcome: () => relogin.lastOutcome(),
    tokenIsReset: () => tokenReset,
  };
}
