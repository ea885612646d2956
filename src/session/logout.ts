// Logout (spec section 7 /auth/logout; architecture: pending changes warn and stay for that user).
import { logout as logoutCall } from '../api/calls/auth';
import { clearSession, isLoggedIn, loadSession } from '../db/sessionVault';
import type { Session } from '../db/sessionVault';
import { IMAGE_CACHE } from '../lib/imageCache';
import { userKeyOf } from '../sync/write/userKey';
import { pendingCountFor } from '../sync/write/outbox';
import { api } from './api';
import { forgetPaintedStart } from './paintedStart';
import { forgetStartupPassword } from './startupPrefill';

/** How many changes of the signed-in user have not reached the server (they survive the logout). */
export async function pendingChangesOfCurrentUser(): Promise<number> {
  const s = await loadSession();
  if (!isLoggedIn(s) || s.compID === null) return 0;
  return pendingCountFor(await userKeyOf(s.compID, s.userName));
}

/** Ends the session here and, when reachable, on the server (with its renewal secret). The outbox is left untouched. */
export async function logout(options: { prefill?: Pick<Session, 'compID' | 'userName'> } = {}): Promise<void> {
  forgetStartupPassword();
  forgetPaintedStart();
  try {
    const { renewalSecret } = await loadSession();
    await logoutCall(api, renewalSecret ? { renewalSecret } : {});
  } catch {
    // Offline or already expired: the local session still ends.
  }
  await clearSession({ keepCredentials: false, ...(options.prefill ? { prefill: options.prefill } : {}) });
  // Cached photos and attachments answer without the server: the next user of the device must not see them.
  if (typeof caches !== 'undefined') await caches.delete(IMAGE_CACHE).catch(() => false);
}
