// Whose an outbox entry is: the user key every entry carries as its owner (only the signed-in user's
// entries replay).
import { sha256Hex } from '../../lib/crypto/sha256';

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
