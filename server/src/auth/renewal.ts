// Silent re-login without a password (spec section 4, issue 11 §3). A one-time-code sign-in gives the
// device a renewal secret bound to the device id it sent. Renewing spends the secret and answers a new
// one in the same chain; presenting a spent secret again (someone copied it) or a secret with another
// device id revokes the whole chain and ends its sessions. Logout revokes the chain too. Only SHA-256
// hashes of the secret and of the device id are stored.
//
// A renewal whose answer was lost (issue 30: no signal, a timeout) is not a copy: the device presents
// the spent secret again because it never got the next one. That is recognised when nobody ever used
// what the lost answer carried — the next secret is unspent and the session it gave never served a
// request — and the renewal is answered again: the undelivered secret and session are dropped and a
// new next secret is issued. Presenting the dropped secret later (only a copy could) revokes the chain.
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { newToken, newUuid, safeEqualHex, sha256Hex } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';
import type { Db } from '../db/database.ts';
import { renewalSecrets } from '../data/renewalSecrets.ts';
import { users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { sessions } from '../data/sessions.ts';
import type { SignIn } from './signInMethod.ts';
import { signInColumns, signInOfRow } from './signInMethod.ts';
import { deleteSessionsOfChain, sessionWasUsed } from './sessions.ts';

/** Unused for this long, a device signs in again with a code (the spec's 60-day cookie lifetime). */
export const RENEWAL_TTL_MS = 60 * 24 * 60 * 60_000;

/** What a device id must look like: opaque, long enough not to be guessed, short enough to store. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const secretHashOf = (secret: string) => sha256Hex(`renewal:${secret}`);
const deviceHashOf = (deviceId: string) => sha256Hex(`device:${deviceId}`);

export const renewalRefused = () => new ApiError(401, 'RENEWAL_REFUSED', 'sessionExpired');

async function insertSecret(ctx: AppContext, db: Db, user: UserRow, deviceId: string, chainId: string, signIn: SignIn): Promise<string> {
  const secret = newToken();
  const now = ctx.now();
  await renewalSecrets.insert(db, {
    secretHash: secretHashOf(secret),
    chainId,
    deviceHash: deviceHashOf(deviceId),
    userId: user.id,
    companyId: user.companyId,
    createdAt: now.toISOString(),
    expiresAt: addMs(now, RENEWAL_TTL_MS).toISOString(),
    usedAt: null,
    revokedAt: null,
    ...signInColumns(signIn),
  });
  return secret;
}

/** A new chain for a device that just signed in; the secret is answered once and never stored. */
export async function issueRenewal(ctx: AppContext, user: UserRow, deviceId: string, signIn: SignIn): Promise<{ secret: string; chainId: string }> {
  const chainId = newUuid();
  return { secret: await insertSecret(ctx, ctx.db, user, deviceId, chainId, signIn), chainId };
}

/** Every secret of the chain stops working and the sessions it gave end. */
export function revokeChain(ctx: AppContext, chainId: string): Promise<void> {
  return ctx.db.tx(async (tx) => {
    await renewalSecrets.revokeChain(tx, chainId, ctx.nowIso());
    await deleteSessionsOfChain(ctx, chainId, tx);
  });
}

/** The chain of a secret presented at logout, whatever its state. */
export async function chainOfSecret(ctx: AppContext, secret: string): Promise<string | null> {
  return (await renewalSecrets.find(ctx.db, secretHashOf(secret)))?.chainId ?? null;
}

type Renewed = {
  user: UserRow;
  chainId: string;
  secret: string;
  /** The secret spent, to note the session the renewal answers. */
  spent: string;
  /** The chain's sign-in, for the new session. */
  signIn: SignIn;
};
type Outcome = ({ ok: true } & Renewed) | { ok: false; revokeChain: string | null };
type SecretRow = NonNullable<Awaited<ReturnType<typeof renewalSecrets.find>>>;

/** A spent secret presented again by its device: was its renewal's answer lost (nothing it carried ever used)? */
async function answerWasLost(tx: Db, row: SecretRow): Promise<boolean> {
  const next = row.replacedBy ? await renewalSecrets.find(tx, row.replacedBy) : undefined;
  if (!next || next.usedAt !== null || next.revokedAt !== null) return false;
  const session = row.sessionHash ? await sessions.usage(tx, row.sessionHash) : undefined;
  return !session || !sessionWasUsed(session);
}

/** Spends a renewal secret: the user, the chain and the next secret, or a refusal (401). */
export async function renewWithSecret(ctx: AppContext, secret: string, deviceId: string): Promise<Renewed> {
  // Decided in one transaction (two processes cannot both spend a secret); a revocation is written
  // after it, since the refusal is thrown and a throw would roll the transaction back.
  const outcome = await ctx.db.tx(async (tx): Promise<Outcome> => {
    const row = await renewalSecrets.find(tx, secretHashOf(secret));
    if (!row) return { ok: false, revokeChain: null };
    // Revoked: its chain was (logout, reuse) or the secret was an undelivered answer replaced since.
    if (row.revokedAt !== null) return { ok: false, revokeChain: row.chainId };
    if (!safeEqualHex(deviceHashOf(deviceId), row.deviceHash)) return { ok: false, revokeChain: row.chainId };
    if (row.expiresAt <= ctx.nowIso()) return { ok: false, revokeChain: null };
    const lostAnswer = row.usedAt !== null && (await answerWasLost(tx, row));
    if (row.usedAt !== null && !lostAnswer) return { ok: false, revokeChain: row.chainId };
    const user = await users.byId(tx, row.userId);
    if (!user || user.companyId !== row.companyId || user.disabledAt !== null) return { ok: false, revokeChain: row.chainId };
    if (lostAnswer) {
      // What the lost answer carried goes; the renewal is answered again with a new next secret.
      if (row.replacedBy) await renewalSecrets.revokeOne(tx, row.replacedBy, ctx.nowIso());
      if (row.sessionHash) await sessions.remove(tx, row.sessionHash);
    }
    const signIn = signInOfRow(row);
    const next = await insertSecret(ctx, tx, user, deviceId, row.chainId, signIn);
    await renewalSecrets.markUsed(tx, row.secretHash, row.usedAt ?? ctx.nowIso(), secretHashOf(next));
    return { ok: true, user, chainId: row.chainId, secret: next, spent: row.secretHash, signIn };
  });
  if (!outcome.ok) {
    if (outcome.revokeChain !== null) await revokeChain(ctx, outcome.revokeChain);
    throw renewalRefused();
  }
  return outcome;
}

/** The session a renewal answered, kept with the secret it spent (see answerWasLost). */
export async function noteRenewalSession(ctx: AppContext, spent: string, sessionToken: string): Promise<void> {
  await renewalSecrets.noteSession(ctx.db, spent, sha256Hex(sessionToken));
}
