// Silent re-login without a password (spec section 4, issue 11 §3). A one-time-code sign-in gives the
// device a renewal secret bound to the device id it sent. Renewing spends the secret and answers a new
// one in the same chain; presenting a spent secret again (someone copied it) or a secret with another
// device id revokes the whole chain and ends its sessions. Logout revokes the chain too. Only SHA-256
// hashes of the secret and of the device id are stored.
import type { AppContext } from '../context.ts';
import { ApiError } from '../http/errors.ts';
import { newToken, newUuid, safeEqualHex, sha256Hex } from '../util/crypto.ts';
import { addMs } from '../util/dates.ts';
import type { UserRow } from './sessions.ts';
import { deleteSessionsOfChain } from './sessions.ts';

/** Unused for this long, a device signs in again with a code (the spec's 60-day cookie lifetime). */
export const RENEWAL_TTL_MS = 60 * 24 * 60 * 60_000;

/** What a device id must look like: opaque, long enough not to be guessed, short enough to store. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const secretHashOf = (secret: string) => sha256Hex(`renewal:${secret}`);
const deviceHashOf = (deviceId: string) => sha256Hex(`device:${deviceId}`);

export const renewalRefused = () => new ApiError(401, 'RENEWAL_REFUSED', 'sessionExpired');

function insertSecret(ctx: AppContext, user: UserRow, deviceId: string, chainId: string): string {
  const secret = newToken();
  const now = ctx.now();
  ctx.db.run(
    ctx.db.q.insertInto('renewal_secrets').values({
      secretHash: secretHashOf(secret),
      chainId,
      deviceHash: deviceHashOf(deviceId),
      userId: user.id,
      companyId: user.companyId,
      createdAt: now.toISOString(),
      expiresAt: addMs(now, RENEWAL_TTL_MS).toISOString(),
      usedAt: null,
      revokedAt: null,
    }),
  );
  return secret;
}

/** A new chain for a device that just signed in; the secret is answered once and never stored. */
export function issueRenewal(ctx: AppContext, user: UserRow, deviceId: string): { secret: string; chainId: string } {
  const chainId = newUuid();
  return { secret: insertSecret(ctx, user, deviceId, chainId), chainId };
}

/** Every secret of the chain stops working and the sessions it gave end. */
export function revokeChain(ctx: AppContext, chainId: string): void {
  ctx.db.tx(() => {
    ctx.db.run(ctx.db.q.updateTable('renewal_secrets').set({ revokedAt: ctx.nowIso() }).where('chainId', '=', chainId).where('revokedAt', 'is', null));
    deleteSessionsOfChain(ctx, chainId);
  });
}

/** The chain of a secret presented at logout, whatever its state. */
export function chainOfSecret(ctx: AppContext, secret: string): string | null {
  const row = ctx.db.first(ctx.db.q.selectFrom('renewal_secrets').select('chainId').where('secretHash', '=', secretHashOf(secret)));
  return row?.chainId ?? null;
}

type Outcome = { ok: true; user: UserRow; chainId: string; secret: string } | { ok: false; revokeChain: string | null };

/** Spends a renewal secret: the user, the chain and the next secret, or a refusal (401). */
export function renewWithSecret(ctx: AppContext, secret: string, deviceId: string): { user: UserRow; chainId: string; secret: string } {
  const { db } = ctx;
  // Decided in one transaction (two processes cannot both spend a secret); a revocation is written
  // after it, since the refusal is thrown and a throw would roll the transaction back.
  const outcome = db.tx((): Outcome => {
    const row = db.first(db.q.selectFrom('renewal_secrets').selectAll().where('secretHash', '=', secretHashOf(secret)));
    if (!row || row.revokedAt !== null) return { ok: false, revokeChain: null };
    if (row.usedAt !== null || !safeEqualHex(deviceHashOf(deviceId), row.deviceHash)) return { ok: false, revokeChain: row.chainId };
    if (row.expiresAt <= ctx.nowIso()) return { ok: false, revokeChain: null };
    const user = db.first(db.q.selectFrom('users').selectAll().where('id', '=', row.userId)) as UserRow | undefined;
    if (!user || user.companyId !== row.companyId) return { ok: false, revokeChain: row.chainId };
    db.run(db.q.updateTable('renewal_secrets').set({ usedAt: ctx.nowIso() }).where('secretHash', '=', row.secretHash));
    return { ok: true, user, chainId: row.chainId, secret: insertSecret(ctx, user, deviceId, row.chainId) };
  });
  if (!outcome.ok) {
    if (outcome.revokeChain !== null) revokeChain(ctx, outcome.revokeChain);
    throw renewalRefused();
  }
  return outcome;
}
