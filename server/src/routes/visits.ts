// Visits of a building: recorded on the daily plan's round, each with the plan's checklist.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Visit } from '../../../src/lib/domain/entities.ts';
import { validateVisit } from '../../../src/lib/domain/visitRules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { Filter } from '../db/records.ts';
import { visits } from '../data/visits.ts';
import { buildingFilter, bump, checkVersion, loadBuilding, loadOwned, queryOf, refuseExisting } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { localDate, patchBody, recordId } from '../http/schemas.ts';
import { israelLocalDate } from '../util/dates.ts';
import { planOf } from './dailyPlan.ts';
import { defineCommand } from '../http/command.ts';
import { idParams, noParams } from '../http/params.ts';

const checklist = z.array(z.object({ id: z.string().min(1), label: z.string(), done: z.boolean() }));
const visitCreate = z.object({
  id: recordId,
  buildingId: z.number().int(),
  visitDate: localDate.optional(),
  description: z.string().default(''),
  madeToday: z.boolean().default(false),
  checklist: checklist.optional(),
});
const visitPatch = patchBody({ description: z.string(), madeToday: z.boolean(), checklist });

/** Visits as their list answers them, newest day first. */
export const visitsOf = (db: Db, filter: Filter) => visits.list(db, filter, { orderBy: 'visitDate', desc: true });

export function visitRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/binyan/visits', { config: { right: 'plan.read' } }, async (req) => {
    const q = queryOf(req);
    const filter: Filter = q.buildingId ? { buildingId: (await loadBuilding(ctx.db, req, q.buildingId)).id } : await buildingFilter(ctx.db, req);
    if (q.date) {
      if (!localDate.safeParse(q.date).success) throw fail.validation({ field: 'date', messageKey: 'invalidDate' });
      filter.visitDate = q.date;
    }
    return { records: await visitsOf(ctx.db, filter) };
  });
}

export const visitsCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/visits',
    right: 'visits.write',
    params: noParams,
    body: visitCreate,
    check: ({ body }) => {
      enforce(validateVisit(body));
    },
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, visits, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      const { user, companyId } = authOf(req);
      const visitDate = body.visitDate ?? israelLocalDate(ctx.now());
      const planned = (await planOf(tx, user, visitDate)).entries.find((e) => e.buildingId === building.id);
      const record: Visit = {
        id: body.id,
        buildingId: building.id,
        workerId: user.workerGuid,
        visitDate,
        description: body.description.trim(),
        madeToday: body.madeToday,
        checklist: body.checklist ?? planned?.checklist.map((c) => ({ ...c, done: false })) ?? [],
        version: 1,
        updatedAt: ctx.nowIso(),
      };
      await visits.insert(tx, record, companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/visits/:id',
    right: 'visits.write',
    params: idParams,
    body: visitPatch,
    change: async (tx, { ctx, req, params, body }) => {
      const current = await loadOwned(tx, req, visits, params.id);
      checkVersion(current, body.baseVersion);
      const record = bump(current, body.changes, ctx.nowIso());
      enforce(validateVisit(record));
      await visits.update(tx, record);
      return { record };
    },
  }),
];
