// Opening a gate (issue 27): the request is admitted by the gate's own rule (lib/domain/gateRules.ts),
// limited, and recorded with who asked in the request's transaction; the dialer is called only after
// that commits, once per recorded request: the row is claimed (queued → dialing) in its own short
// transaction, so a concurrent repeat of the same key, another process or a PostgreSQL retry never
// dials twice. What the dialer answered — or why it could not be asked — is recorded on the row and in
// the stored answer of the key, so a later repeat reads the outcome.
import type { FastifyRequest } from 'fastify';
import type { Gate, GateOpening } from '../../../src/lib/domain/buildingLife.ts';
import type { GateCaller, GateVia } from '../../../src/lib/domain/gateRules.ts';
import type { MessageKey } from '../../../src/lib/validation/messages.ts';
import { dialingNumberOf, gateAccessOf } from '../../../src/lib/domain/gateRules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { gateOpenings, gates } from '../data/buildingLife.ts';
import { idempotencyKeys } from '../data/idempotencyKeys.ts';
import type { GateOpeningTable } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { actorOf } from '../http/rights.ts';
import type { DialResult } from './gateDialer.ts';
import { provedPhone } from '../auth/signInMethod.ts';

/** A request older than this is not dialed any more: a gate must not open after its caller has left. */
export const DIAL_WINDOW_MS = 60_000;

export type Admission = { via: GateVia; from: string };

const refusalCodes: Partial<Record<MessageKey, string>> = { gateHasNoLine: 'GATE_HAS_NO_LINE', phoneMustBeVerified: 'PHONE_NOT_VERIFIED' };

/** The signed-in caller as a gate sees them: role, phone, and whether this session proved the phone. */
export function gateCallerOf(req: FastifyRequest): GateCaller {
  const { user, signIn } = authOf(req);
  return { role: actorOf(user).role, phone: user.phone, phoneVerified: provedPhone(signIn, user.phone) };
}

/** How the signed-in caller is admitted to the gate, or 403 with the translated reason. */
export function admissionOf(req: FastifyRequest, gate: Gate): Admission {
  const caller = gateCallerOf(req);
  const access = gateAccessOf(gate, caller);
  if (!access.allowed) throw new ApiError(403, refusalCodes[access.reason] ?? 'GATE_NOT_FOR_YOU', access.reason);
  return { via: access.via, from: dialingNumberOf(gate, caller, access.via) };
}

/** An opening's id is the device's; one already used (by anyone) is refused before anything is counted. */
export async function refuseUsedOpeningId(tx: Db, req: FastifyRequest, id: string): Promise<void> {
  const used = await gateOpenings.find(tx.unguarded, id);
  if (!used) return;
  const { companyId, user } = authOf(req);
  throw used.companyId === companyId && used.userId === user.id
    ? new ApiError(409, 'ALREADY_EXISTS', 'alreadyExists')
    : new ApiError(403, 'FORBIDDEN', 'forbidden');
}

export function openingOf(row: GateOpeningTable): GateOpening {
  return {
    id: row.id,
    gateId: row.gateId,
    requestedAt: row.requestedAt,
    dialedFrom: row.dialedFrom,
    via: row.via === 'gateLine' ? 'gateLine' : 'ownPhone',
    status: row.status === 'dialed' || row.status === 'failed' || row.status === 'dialing' ? row.status : 'queued',
    reason: row.reason,
  };
}

/** The answer of an open request: the opening, and a tel: link when the caller's own phone opens the gate. */
export function openAnswer(key: string, opening: GateOpening, gate: Pick<Gate, 'gatePhone'> | undefined): string {
  return JSON.stringify({ idempotencyKey: key, record: opening, ...(opening.via === 'ownPhone' && gate ? { tel: `tel:${gate.gatePhone}` } : {}) });
}

async function dialerAnswer(ctx: AppContext, req: FastifyRequest, row: GateOpeningTable, gate: Gate | undefined): Promise<DialResult> {
  if (!gate) return { status: 'failed', reason: 'gateRemoved' };
  try {
    return await ctx.gateDialer.dial({ companyId: row.companyId, gateId: gate.id, gatePhone: gate.gatePhone, from: row.dialedFrom, openingId: row.id });
  } catch (error) {
    req.log.warn({ err: error, openingId: row.id }, 'gate dial failed');
    return { status: 'failed', reason: 'dialerUnavailable' };
  }
}

/**
 * After the commit: dials the recorded request once and records the outcome; the answer to send (the
 * stored one unchanged when another request of the key dials it, or did).
 */
export async function dialOnce<A extends { body: string }>(ctx: AppContext, req: FastifyRequest, key: string, openingId: string, stored: A): Promise<A> {
  const { companyId, user } = authOf(req);
  const row = await gateOpenings.find(ctx.db, openingId);
  if (!row || row.companyId !== companyId || row.userId !== user.id || row.status !== 'queued') return stored;
  if (Date.parse(row.requestedAt) < ctx.now().getTime() - DIAL_WINDOW_MS) return stored;
  if (!(await ctx.db.tx((tx) => gateOpenings.claimDial(tx, row.id, ctx.nowIso())))) return stored;
  const gate = (await gates.find(ctx.db, row.gateId))?.entity;
  const result = await dialerAnswer(ctx, req, row, gate);
  const opening: GateOpening = { ...openingOf(row), status: result.status, reason: result.reason };
  const body = openAnswer(key, opening, gate);
  await ctx.db.tx(async (tx) => {
    await gateOpenings.finishDial(tx, row.id, result.status, result.reason);
    await idempotencyKeys.restate(tx, companyId, user.id, key, body);
  });
  return { ...stored, body };
}
