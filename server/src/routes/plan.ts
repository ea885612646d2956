import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Building, MaintenanceTest, Visit } from '../../../src/lib/domain/entities.ts';
import { maintenanceTestStatuses } from '../../../src/lib/domain/entities.ts';
import { validateVisit } from '../../../src/lib/domain/visitRules.ts';
import { doneAtAfter, incompleteTests, validatePlanSend } from '../../../src/lib/domain/maintenanceRules.ts';
import type { AppContext } from '../context.ts';
import type { Filter } from '../db/records.ts';
import { insertRecord, list, updateRecord } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { parse } from '../http/validate.ts';
import { dailyPlanFor } from '../plan/dailyPlan.ts';
import { newUuid } from '../util/crypto.ts';
import { israelLocalDate } from '../util/dates.ts';
import { buildingFilter, bump, checkVersion, loadBuilding, loadOwned, queryOf, refuseExisting } from './access.ts';
import { isoTime, localDate, patchBody, recordId } from './schemas.ts';

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
const testPatch = patchBody({ status: z.enum(maintenanceTestStatuses), doneAt: isoTime.nullable(), notes: z.string().nullable(), plannedDate: localDate });
const planSend = z.object({ confirmIncomplete: z.boolean().default(false) });

export function planRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const planOf = (userId: number, role: string, workerGuid: string, companyId: number, date: string) => {
    const assigned = db.all(db.q.selectFrom('worker_buildings').select('buildingId').where('userId', '=', userId).orderBy('ord'));
    const ids = assigned.length > 0 ? assigned.map((a) => a.buildingId) : list<Building>(db, specs.buildings, { companyId }, { orderBy: 'number' }).map((b) => b.id);
    return dailyPlanFor(workerGuid, role === 'manager' ? ids : ids, date);
  };

  app.get('/api/binyan/daily-plan', { config: { right: 'plan.read' } }, async (req) => {
    const raw = queryOf(req).date;
    const date = raw ?? israelLocalDate(ctx.now());
    if (!localDate.safeParse(date).success) throw fail.validation({ field: 'date', messageKey: 'invalidDate' });
    const { user, companyId } = authOf(req);
    return { plan: planOf(user.id, user.role, user.workerGuid, companyId, date) };
  });

  app.get('/api/binyan/visits', { config: { right: 'plan.read' } }, async (req) => {
    const q = queryOf(req);
    const filter: Filter = q.buildingId ? { buildingId: loadBuilding(ctx, req, q.buildingId).id } : buildingFilter(ctx, req);
    if (q.date) filter.visitDate = q.date;
    return { records: list(db, specs.visits, filter, { orderBy: 'visitDate', desc: true }) };
  });

  app.post('/api/binyan/visits', { config: { right: 'visits.write' } }, async (req, reply) => {
    const body = parse(visitCreate, req.body);
    enforce(validateVisit(body));
    return runMutation(ctx, req, reply, () => {
      refuseExisting(ctx, req, specs.visits, body.id);
      const building = loadBuilding(ctx, req, body.buildingId);
      const { user, companyId } = authOf(req);
      const visitDate = body.visitDate ?? israelLocalDate(ctx.now());
      const planned = planOf(user.id, user.role, user.workerGuid, companyId, visitDate).entries.find((e) => e.buildingId === building.id);
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
      insertRecord(db, specs.visits, record, companyId);
      return { status: 201, record };
    });
  });

  app.patch('/api/binyan/visits/:id', { config: { right: 'visits.write' } }, async (req, reply) => {
    const body = parse(visitPatch, req.body);
    return runMutation(ctx, req, reply, () => {
      const current = loadOwned(ctx, req, specs.visits, (req.params as { id: string }).id);
      checkVersion(current, body.baseVersion);
      const record = bump(current, body.changes, ctx.nowIso());
      enforce(validateVisit(record));
      updateRecord(db, specs.visits, record);
      return { record };
    });
  });

  app.get('/api/binyan/buildings/:bid/facilities', { config: { right: 'maintenance.read' } }, async (req) => {
    const b = loadBuilding(ctx, req, (req.params as { bid: string }).bid);
    return { records: list(db, specs.facilities, { buildingId: b.id }, { orderBy: 'name' }) };
  });

  app.get('/api/binyan/buildings/:bid/maintenance-tests', { config: { right: 'maintenance.read' } }, async (req) => {
    const b = loadBuilding(ctx, req, (req.params as { bid: string }).bid);
    return { records: list(db, specs.maintenanceTests, { buildingId: b.id }, { orderBy: 'plannedDate' }) };
  });

  app.patch('/api/binyan/maintenance-tests/:id', { config: { right: 'maintenance.write' } }, async (req, reply) => {
    const body = parse(testPatch, req.body);
    return runMutation(ctx, req, reply, () => {
      const current = loadOwned(ctx, req, specs.maintenanceTests, (req.params as { id: string }).id);
      checkVersion(current, body.baseVersion);
      const changes: Partial<MaintenanceTest> = { ...body.changes };
      if (body.changes.status !== undefined && (body.changes.doneAt === undefined || body.changes.status !== 'done')) {
        changes.doneAt = doneAtAfter(body.changes.status, current.doneAt, ctx.nowIso());
      }
      const record = bump(current, changes, ctx.nowIso());
      updateRecord(db, specs.maintenanceTests, record);
      return { record };
    });
  });

  app.post('/api/binyan/buildings/:bid/maintenance-plan/send', { config: { right: 'maintenance.sendPlan' } }, async (req, reply) => {
    const body = parse(planSend, req.body ?? {});
    return runMutation(ctx, req, reply, () => {
      const building = loadBuilding(ctx, req, (req.params as { bid: string }).bid);
      const tests = list<MaintenanceTest>(db, specs.maintenanceTests, { buildingId: building.id });
      const incompleteCount = incompleteTests(tests).length;
      const refused = validatePlanSend(tests, body.confirmIncomplete);
      if (refused) throw fail.rule(refused, { incompleteCount });
      const { user, companyId } = authOf(req);
      const sentAt = ctx.nowIso();
      db.run(db.q.insertInto('maintenance_plan_sends').values({ id: newUuid(), companyId, buildingId: building.id, sentAt, sentBy: user.userName, incompleteCount }));
      return { record: null, extra: { sentAt, testsCount: tests.length, incompleteCount } };
    });
  });
}
