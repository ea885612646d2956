import { createHash, randomBytes, randomInt, randomUUID, scryptSync, timingSafeEqual } from 'node:crypto';

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** 256-bit random token, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function newUuid(): string {
  return randomUUID();
}

export function randomDigits(count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(randomInt(0, 10));
  return out;
}

export function safeEqualHex(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

const SCRYPT_N = 16384;

export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password, salt, 32, { N: SCRYPT_N });
  return `scrypt$${SCRYPT_N}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

// The hash of a random password nobody knows, at the cost of the real ones: a user who does not exist
// (or whose stored hash is unusable) is checked against it, so the answer takes as long as a wrong
// password of a real user and timing does not tell which user names exist.
const DUMMY_PASSWORD_HASH = 'scrypt$16384$V3wNImcu/juovQF4RtJVjw==$KsUCC+Jjdce0bhVZrX+QaF910sHlwfLRTx5rBIqEUsg=';

function scryptMatches(password: string, stored: string): boolean | null {
  const [scheme, n, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !salt || !hash) return null;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n) });
  return timingSafeEqual(actual, expected);
}

/** Checks a password against a stored hash; with none (unknown user) it spends the same work and fails. */
export function verifyPassword(password: string, stored: string | undefined): boolean {
  const matches = stored === undefined ? null : scryptMatches(password, stored);
  if (matches !== null) return matches;
  scryptMatches(password, DUMMY_PASSWORD_HASH);
  return false;
}

/** Key order independent JSON, so equal bodies hash equally. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : stableStringify(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}
