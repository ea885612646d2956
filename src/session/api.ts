// The page's wiring of the session: one API client that sends the stored token, one token re-login
// shared by every page call (the service worker and other tabs join it through the Web Lock), and
// `callWithRelogin` for feature screens. The re-login's code (its state machine) loads on the first
// renewal: the sign-in page never needs it.
import { createApiClient } from '../api/client';
import type { ApiClient } from '../api/client';
import { createCallWithRelogin } from '../api/relogin/callWithRelogin';
import type { CallWithRelogin } from '../api/relogin/callWithRelogin';
import type { TokenRelogin } from '../api/relogin/tokenRelogin';
import { loadSession, sessionVault } from '../db/sessionVault';
import type { VaultRelogin } from '../sync/replay/vaultRelogin';

async function storedToken(): Promise<string> {
  return (await loadSession()).sessionToken;
}

/** The client every page call uses; the token comes from the encrypted session. */
export const api: ApiClient = createApiClient({ getToken: async () => (shared?.tokenIsReset() ? null : (await storedToken()) || null) });

function currentPath(): string | null {
  if (typeof location === 'undefined') return null;
  const path = `${location.pathname}${location.search}`;
  return path.startsWith('/login') ? null : path;
}

let shared: VaultRelogin | null = null;

/** After a failed renewal the user is logged out and the page they were on is remembered. */
async function pageRelogin(): Promise<VaultRelogin> {
  const { createVaultRelogin } = await import('../sync/replay/vaultRelogin');
  shared ??= createVaultRelogin(api, sessionVault(), {
    loggedOutPatch: () => {
      const path = currentPath();
      return path ? { previousPath: path } : {};
    },
  });
  return shared;
}

/** The one silent re-login of the page (also what start-up uses when the token is missing). */
export const relogin: TokenRelogin = {
  renew: async (failedToken) => (await pageRelogin()).renew(failedToken),
  lastOutcome: () => shared?.lastOutcome() ?? null,
};

/** Wrap page API calls: a -1 answer renews the token once and retries the call once. */
export const callWithRelogin: CallWithRelogin = createCallWithRelogin(relogin, storedToken);

/**
 * A repository call bound to the page's client and its silent re-login: what a feature's repository
 * exports for its screens, which hold no API client (lint refuses it in a component).
 */
export function withPageClient<A extends unknown[], R>(call: (client: ApiClient, ...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return (...args) => callWithRelogin(() => call(api, ...args));
}
