// What the replay engine needs from the session, as one small interface so the engine can be tested
// with its own session and the service worker and the page compose it from the same pieces.
import { userKeyOf } from '../write/userKey';

export type SessionPort = {
  /** The token for the Authorization header, or null when logged out. */
  getToken(): Promise<string | null>;
  /** One shared silent re-login; true when a fresh token is stored. */
  renew(): Promise<boolean>;
  /**
   * The last renewal got no answer (offline, a timeout, a 5xx): not a refusal, so the user stays
   * signed in and the replay tries again later instead of asking for a login.
   */
  renewalUnanswered?(): boolean;
  /** `userKeyOf` the logged-in user, or null; only their entries replay. */
  currentUserKey(): Promise<string | null>;
};

export type SessionFields = { compID: number | string; userName: string; sessionToken: string | null; loggedIn: boolean };

export type SessionPortDeps = {
  loadSession(): Promise<SessionFields | null>;
  renew(): Promise<boolean>;
};

/** Composes the port over the session vault and the token re-login (src/db/sessionVault, src/api/relogin). */
export function createSessionPort(deps: SessionPortDeps): SessionPort {
  return {
    async getToken() {
      const session = await deps.loadSession();
      return session?.loggedIn && session.sessionToken ? session.sessionToken : null;
    },
    renew: () => deps.renew(),
    async currentUserKey() {
      const session = await deps.loadSession();
      return session?.loggedIn ? await userKeyOf(session.compID, session.userName) : null;
    },
  };
}
