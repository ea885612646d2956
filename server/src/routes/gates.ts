// Gates opened by phone (spec 1, 3, 6): a building's gates with their phone, the numbers allowed to dial
// them and their own line; staff and the committee create, change and delete them, a public gate only the
// committee. "Open" admits only those the gate names (lib/domain/gateRules.ts), records who asked and
// has the dialer call the gate after that commits (gates/gateOpening.ts); the phone of a listed caller
// dials it itself too (tel:). The phone list and the line are shown only to those who manage gates.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Gate, GateOpening, GateOpeningRecord, GateView } from '../../../src/lib/domain/buildingLife.ts';
import { gateAccessOf, mayManageGate, normalizedPhones, validateGate } from '../../../src/lib/domain/gateRules.ts';
import { spendQuotas } from '../limits/usageLimits.ts';
import { actorOf, mayDo } from '../http/rights.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { gateOpenings, gates, isPersonalPhone } from '../data/buildingLife.ts';
import { admissionOf, dialOnce, gateCallerOf, openingOf, refuseUsedOpeningId } from '../gates/gateOpening.ts';
import { bump, checkVersion, loadBuilding, loadOwned, refuseExisting } from '../http/access.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { applyOnce, sendApplied } from '../http/mutation.ts';
import { patchBody, recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { defineCommand } from '../http/command.ts';
import { baseVersionIn, buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

const phoneText = z.string().max(40);
const gateFields = {
  name: z.string().trim().max(200),
  gatePhone: phoneText,
  dialingPhones: z.array(phoneText).max(500),
  isPublic: z.boolean(),
  dialerLine: phoneText.nullable(),
};
const gateCreate = z.object({
  id: recordId,
  buildingId: z.number().int(),
  ...gateFields,
  isPublic: z.boolean().default(false),
  dialerLine: phoneText.nullable().default(null),
});
const gatePatch = patchBody(gateFields);
const openRequest = z.object({ id: recordId });

const publicGateRefused = () => new ApiError(403, 'PUBLIC_GATE_ONLY_BY_COMMITTEE', 'publicGateOnlyByCommittee', { field: 'isPublic' });

function requireGateRight(req: FastifyRequest, ...gatesTouched: { isPublic: boolean }[]): void {
  const { role } = actorOf(authOf(req).user);
  if (gatesTouched.some((g) => !mayManageGate(role, g.isPublic))) throw publicGateRefused();
}

function cleaned<T extends { gatePhone: string; dialingPhones: string[]; dialerLine: string | null }>(gate: T): T {
  const line = normalizedPhones([gate.dialerLine ?? ''])[0] ?? null;
  return { ...gate, gatePhone: normalizedPhones([gate.gatePhone])[0] ?? '', dialingPhones: normalizedPhones(gate.dialingPhones), dialerLine: line };
}

/** The rule of the gate, then: its line is the gate's own number, never a person's of the company. */
async function checkGate(tx: Db, req: FastifyRequest, gate: Gate): Promise<void> {
  enforce(validateGate(gate));
  if (gate.dialerLine !== null && (await isPersonalPhone(tx, authOf(req).companyId, gate.dialerLine)))
    throw fail.validation({ field: 'dialerLine', messageKey: 'gateLineIsPersonalNumber' });
}

/** A gate as this reader may see it: whether and how they may open it; the numbers only for its managers. */
function viewOf(req: FastifyRequest, gate: Gate): GateView {
  const access = gateAccessOf(gate, gateCallerOf(req));
  if (mayDo(req, 'gates.manage')) return { ...gate, access };
  const { id, buildingId, name, isPublic, version, updatedAt } = gate;
  // The gate's own phone only to those whose phone opens it (it dials from their phone).
  return { id, buildingId, name, isPublic, version, updatedAt, access, ...(access.allowed && access.via === 'ownPhone' ? { gatePhone: gate.gatePhone } : {}) };
}

export function gateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/gates', { config: { right: 'gates.open' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: (await gates.list(db, { buildingId: building.id }, { orderBy: 'name' })).map((g) => viewOf(req, g)) };
  });

  /**
   * Opens a gate for a caller it names: limited per user and per gate, recorded with who asked, dialed
   * once after the commit (a repeat with the same key gets the stored answer, no second call). Not in a
   * sync batch: a batch's changes commit together at its end, and the dial must follow a commit.
   */
  app.post('/api/binyan/gates/:id/open', { config: { right: 'gates.open' } }, async (req, reply) => {
    const { id } = paramsOf(idParams, req);
    const body = parse(openRequest, req.body ?? {});
    const { user, companyId } = authOf(req);
    const answer = await applyOnce(ctx, req, async (tx) => {
      const gate = await loadOwned(tx, req, gates, id);
      const admission = admissionOf(req, gate);
      await refuseUsedOpeningId(tx, req, body.id);
      await spendQuotas(tx, ctx, [
        ['gateOpensPerUser', `${companyId}:${user.id}`],
        ['gateOpensPerGate', `${companyId}:${gate.id}`],
      ]);
      const opening: GateOpening = {
        id: body.id,
        gateId: gate.id,
        requestedAt: ctx.nowIso(),
        dialedFrom: admission.from,
        via: admission.via,
        status: 'queued',
        reason: null,
      };
      await gateOpenings.insert(tx, { ...opening, companyId, userId: user.id, dialedAt: null });
      return { status: 201, record: opening, extra: opening.via === 'ownPhone' ? { tel: `tel:${gate.gatePhone}` } : {} };
    });
    // The key is required (applyOnce refuses a request without one).
    return sendApplied(reply, answer.key === null ? answer : await dialOnce(ctx, req, answer.key, body.id, answer));
  });

  /** Who opened the gate, how, and what the dialer answered: for those who manage gates (newest first). */
  app.get('/api/binyan/gates/:id/openings', { config: { right: 'gates.manage' } }, async (req) => {
    const gate = await loadOwned(db, req, gates, paramsOf(idParams, req).id);
    const rows = await gateOpenings.ofGate(db, gate.id);
    // `via` is null for requests recorded before it was (migration 022).
    const records: GateOpeningRecord[] = rows.map((row) => {
      const opening = openingOf(row);
      return { ...opening, via: row.via === null ? null : opening.via, userId: row.userId, userName: row.userName ?? '', dialedAt: row.dialedAt };
    });
    return { records };
  });
}

export const gatesCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/gates',
    right: 'gates.manage',
    params: noParams,
    body: gateCreate,
    bodyOptional: true,
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, gates, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      requireGateRight(req, body);
      const record: Gate = cleaned({ ...body, buildingId: building.id, version: 1, updatedAt: ctx.nowIso() });
      await checkGate(tx, req, record);
      await gates.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/gates/:id',
    right: 'gates.manage',
    params: idParams,
    body: gatePatch,
    bodyOptional: true,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, gates, id);
      checkVersion(current, body.baseVersion);
      const record = cleaned(bump(current, body.changes, ctx.nowIso()));
      requireGateRight(req, current, record);
      await checkGate(tx, req, record);
      await gates.update(tx, record);
      return { record };
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/gates/:id',
    right: 'gates.manage',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { req, params, query }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, gates, id);
      checkVersion(current, baseVersionIn(query));
      requireGateRight(req, current);
      await gates.remove(tx, id);
      return { record: current };
    },
  }),
];
