// The front desk's visitors log (receptionist module): who came in, to which apartment, and when they
// left. Written from the desk through the outbox, so each arrival and departure applies once. An arrival
// may let in a visitor a tenant pre-approved (passId; routes/visitorPasses.ts): the pass then shows them arrived.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validateVisitor } from '../../../src/lib/validation/visitorRules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { VisitorTable } from '../db/schema.ts';
import { deskVisitors } from '../data/deskVisitors.ts';
import { visitorPasses } from '../data/visitorPasses.ts';
import { loadBuilding } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { isoTime, recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { assertBuildingVisible } from '../http/rights.ts';
import { defineCommand } from '../http/command.ts';
import { buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

type Visitor = Omit<VisitorTable, 'companyId' | 'passId'> & { passId: string | null };

const arrival = z.object({
  id: recordId,
  buildingId: z.coerce.number().int(),
  name: z.string().max(400).default(''),
  apartment: z.string().max(200).default(''),
  arrivedAt: isoTime,
  passId: recordId.nullable().default(null),
});
const departure = z.object({ leftAt: isoTime });

/** The pre-approval the desk lets in: of this building, not cancelled; the first arrival is the one it shows. */
async function letInPass(tx: Db, companyId: number, buildingId: number, passId: string, visitor: Visitor): Promise<void> {
  const pass = await visitorPasses.findForDesk(tx, passId);
  if (!pass || pass.companyId !== companyId || Number(pass.buildingId) !== buildingId) throw fail.notFound();
  if (pass.status !== 'expected') throw fail.rule({ field: 'passId', messageKey: 'visitorPassLocked' });
  if (pass.visitorId) return;
  await visitorPasses.markArrived(tx, passId, visitor.id, visitor.arrivedAt, Number(pass.version) + 1);
}

export function deskVisitorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** Visitors who arrived since `since` (the desk asks from the start of its day), and those still inside. */
  app.get('/api/binyan/buildings/:bid/visitors', { config: { right: 'receptionist.desk' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const since = parse(z.object({ since: isoTime.optional() }), req.query ?? {}).since ?? new Date(ctx.now().getTime() - 24 * 3600_000).toISOString();
    const rows = await deskVisitors.ofBuilding(db, authOf(req).companyId, building.id, new Date(since).toISOString());
    return { records: rows.map((r): Visitor => ({ ...r, buildingId: Number(r.buildingId), passId: r.passId ?? null })) };
  });
}

export const deskVisitorsCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/visitors',
    right: 'receptionist.desk',
    params: noParams,
    body: arrival,
    bodyOptional: true,
    check: ({ body }) => {
      enforce(validateVisitor(body));
    },
    change: async (tx, { req, body }) => {
      await loadBuilding(tx, req, body.buildingId);
      const { companyId, user } = authOf(req);
      if (await deskVisitors.exists(tx, body.id)) throw fail.exists({ id: body.id });
      const visitor: Visitor = {
        id: body.id,
        buildingId: body.buildingId,
        name: body.name.trim(),
        apartment: body.apartment.trim(),
        arrivedAt: new Date(body.arrivedAt).toISOString(),
        leftAt: null,
        createdBy: user.fullName || user.userName,
        passId: body.passId,
      };
      if (body.passId) await letInPass(tx, companyId, body.buildingId, body.passId, visitor);
      await deskVisitors.insert(tx, { ...visitor, companyId });
      // No record: the desk keeps its own copy (a local row of `meta`).
      return { status: 201, record: null, extra: { visitor } };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/visitors/:id/leave',
    right: 'receptionist.desk',
    params: idParams,
    body: departure,
    bodyOptional: true,
    change: async (tx, { req, params, body }) => {
      const { id } = params;
      const row = await deskVisitors.find(tx, id);
      if (!row) throw fail.notFound();
      if (row.companyId !== authOf(req).companyId) throw fail.forbidden();
      await assertBuildingVisible(tx, req, Number(row.buildingId));
      // The first departure stands: a second tap, or a repeat from another desk, changes nothing.
      const leftAt = row.leftAt ?? new Date(body.leftAt).toISOString();
      if (!row.leftAt) await deskVisitors.markLeft(tx, id, leftAt);
      return { record: null, extra: { visitor: { id, leftAt } } };
    },
  }),
];
