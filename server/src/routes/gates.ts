// Gates opened by phone (spec 1, 3, 6): a building's gates with their phone and the numbers allowed to
// dial them; staff and the committee create, change and delete them, a public gate only the committee.
// "Open" records the request and has the dialer call the gate; the phone then dials it itself (tel:).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Gate, GateOpening } from '../../../src/lib/domain/buildingLife.ts';
import { mayManageGate, normalizedPhones, validateGate } from '../../../src/lib/domain/gateRules.ts';
import { actorOf } from '../http/rights.ts';
import type { AppContext } from '../context.ts';
import { gateOpenings, gates } from '../data/buildingLife.ts';
import type { DialResult } from '../gates/gateDialer.ts';
import { baseVersionFromQuery, bump, checkVersion, loadBuilding, loadOwned, refuseExisting } from '../http/access.ts';
import { ApiError, enforce } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { patchBody, recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';

const gateFields = { name: z.string().trim(), gatePhone: z.string(), dialingPhones: z.array(z.string()), isPublic: z.boolean() };
const gateCreate = z.object({ id: recordId, buildingId: z.number().int(), ...gateFields, isPublic: z.boolean().default(false) });
const gatePatch = patchBody(gateFields);
const openRequest = z.object({ id: recordId });

const publicGateRefused = () => new ApiError(403, 'PUBLIC_GATE_ONLY_BY_COMMITTEE', 'publicGateOnlyByCommittee', { field: 'isPublic' });

function requireGateRight(req: FastifyRequest, ...gatesTouched: { isPublic: boolean }[]): void {
  const { role } = actorOf(authOf(req).user);
  if (gatesTouched.some((g) => !mayManageGate(role, g.isPublic))) throw publicGateRefused();
}

function cleaned<T extends { gatePhone: string; dialingPhones: string[] }>(gate: T): T {
  return { ...gate, gatePhone: normalizedPhones([gate.gatePhone])[0] ?? '', dialingPhones: normalizedPhones(gate.dialingPhones) };
}

export function gateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/gates', { config: { right: 'gates.open' } }, async (req) => {
    const building = await loadBuilding(db, req, (req.params as { bid: string }).bid);
    return { records: await gates.list(db, { buildingId: building.id }, { orderBy: 'name' }) };
  });

  app.post('/api/binyan/gates', { config: { right: 'gates.manage' } }, async (req, reply) => {
    const body = parse(gateCreate, req.body ?? {});
    return runMutation(ctx, req, reply, async (tx) => {
      await refuseExisting(tx, req, gates, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      requireGateRight(req, body);
      enforce(validateGate(body));
      const record: Gate = cleaned({ ...body, buildingId: building.id, version: 1, updatedAt: ctx.nowIso() });
      await gates.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    });
  });

  app.patch('/api/binyan/gates/:id', { config: { right: 'gates.manage' } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const body = parse(gatePatch, req.body ?? {});
    return runMutation(ctx, req, reply, async (tx) => {
      const current = await loadOwned(tx, req, gates, id);
      checkVersion(current, body.baseVersion);
      const record = cleaned(bump(current, body.changes, ctx.nowIso()));
      requireGateRight(req, current, record);
      enforce(validateGate(record));
      await gates.update(tx, record);
      return { record };
    });
  });

  app.delete('/api/binyan/gates/:id', { config: { right: 'gates.manage' } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    return runMutation(ctx, req, reply, async (tx) => {
      const current = await loadOwned(tx, req, gates, id);
      checkVersion(current, baseVersionFromQuery(req));
      requireGateRight(req, current);
      await gates.remove(tx, id);
      return { record: current };
    });
  });

  /** Opens a gate: one dial per request (a repeat with the same key gets the stored answer, no second call). */
  app.post('/api/binyan/gates/:id/open', { config: { right: 'gates.open' } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const body = parse(openRequest, req.body ?? {});
    let dialed: Promise<DialResult> | null = null;
    return runMutation(ctx, req, reply, async (tx) => {
      const gate = await loadOwned(tx, req, gates, id);
      const { user, companyId } = authOf(req);
      const own = normalizedPhones([user.phone])[0] ?? '';
      // The user's own phone when the gate knows it; otherwise the dialer calls from an allowed line.
      const from = gate.dialingPhones.includes(own) ? own : (gate.dialingPhones[0] ?? own);
      // A transaction that lost a race runs again (PostgreSQL): the gate is still called once.
      dialed ??= ctx.gateDialer.dial({ companyId, gateId: gate.id, gatePhone: gate.gatePhone, from });
      const result = await dialed;
      const opening: GateOpening = { id: body.id, gateId: gate.id, requestedAt: ctx.nowIso(), dialedFrom: from, status: result.status, reason: result.reason };
      await gateOpenings.insert(tx, { ...opening, companyId, userId: user.id });
      return { status: 201, record: opening, extra: { tel: `tel:${gate.gatePhone}` } };
    });
  });
}
