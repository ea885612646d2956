// What the replay engine needs from the session, as one small interface so the engine can be tested
// with its own session and the service worker and the page compose it from the same pieces.
import { sha256Hex } from '../lib/crypto/sha256';

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

/**
 * The owner of outbox entries: `${compID}:<32 hex of SHA-256(compID:userName)>`. Stable per user (so
 * entries made before a logout replay after that user's next login) without keeping the user name in
 * IndexedDB in plain text; the company id stays readable because uploads name it (`orgID`).
 */
export async function userKeyOf(compID: number | string, userName: string): Promise<string> {
  const company = String(compID).trim();
  const hashed = `${company}:${userName.trim().toLowerCase()}`;
  const known = knownKeys.get(hashed);
  if (known !== undefined) return known;
  const key = `${company}:${(await sha256Hex(hashed)).slice(0, 32)}`;
  knownKeys.set(hashed, key);
  return key;
}

// Keys this page has worked out, so a screen can have its user's key at its first render.
const knownKeys = new Map<string, string>();

/** `userKeyOf` when this page has worked it out already, else null (no hashing, no wait). */
export function knownUserKey(compID: number | string, userName: string): string | null {
  return knownKeys.get(`${String(compID).trim()}:${userName.trim().toLowerCase()}`) ?? null;
}

/** Company id of a user key (the upload call needs it as `orgID`). */
export function compIdOfUserKey(userKey: string): number {
  const value = Number(userKey.split(':')[0]);
  return Number.isFinite(value) ? value : 0;
}

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
