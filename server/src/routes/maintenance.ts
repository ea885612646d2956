// The maintenance plan of a building: its facilities, their periodic tests, and sending the plan.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MaintenanceTest } from '../../../src/lib/domain/entities.ts';
import { maintenanceTestStatuses } from '../../../src/lib/domain/entities.ts';
import { doneAtAfter, incompleteTests, validatePlanSend } from '../../../src/lib/domain/maintenanceRules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { facilities, maintenancePlanSends, maintenanceTests } from '../data/maintenance.ts';
import { bump, checkVersion, loadBuilding, loadOwned } from '../http/access.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { isoTime, localDate, patchBody } from '../http/schemas.ts';
import { newUuid } from '../util/crypto.ts';
import { defineCommand } from '../http/command.ts';
import { buildingParams, idParams, paramsOf } from '../http/params.ts';

const testPatch = patchBody({ status: z.enum(maintenanceTestStatuses), doneAt: isoTime.nullable(), notes: z.string().nullable(), plannedDate: localDate });
const planSend = z.object({ confirmIncomplete: z.boolean().default(false) });

/** A building's facilities as their list answers them. */
export const facilitiesOf = (db: Db, buildingId: number) => facilities.list(db, { buildingId }, { orderBy: 'name' });

/** A building's periodic tests as their list answers them. */
export const maintenanceTestsOf = (db: Db, buildingId: number) => maintenanceTests.list(db, { buildingId }, { orderBy: 'plannedDate' });

export function maintenanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/binyan/buildings/:bid/facilities', { config: { right: 'maintenance.read' } }, async (req) => {
    const b = await loadBuilding(ctx.db, req, paramsOf(buildingParams, req).bid);
    return { records: await facilitiesOf(ctx.db, b.id) };
  });

  app.get('/api/binyan/buildings/:bid/maintenance-tests', { config: { right: 'maintenance.read' } }, async (req) => {
    const b = await loadBuilding(ctx.db, req, paramsOf(buildingParams, req).bid);
    return { records: await maintenanceTestsOf(ctx.db, b.id) };
  });
}

export const maintenanceCommands = [
  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/maintenance-tests/:id',
    right: 'maintenance.write',
    params: idParams,
    body: testPatch,
    change: async (tx, { ctx, req, params, body }) => {
      const current = await loadOwned(tx, req, maintenanceTests, params.id);
      checkVersion(current, body.baseVersion);
      const changes: Partial<MaintenanceTest> = { ...body.changes };
      if (body.changes.status !== undefined && (body.changes.doneAt === undefined || body.changes.status !== 'done')) {
        changes.doneAt = doneAtAfter(body.changes.status, current.doneAt, ctx.nowIso());
      }
      const record = bump(current, changes, ctx.nowIso());
      await maintenanceTests.update(tx, record);
      return { record };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/buildings/:bid/maintenance-plan/send',
    right: 'maintenance.sendPlan',
    params: buildingParams,
    body: planSend,
    bodyOptional: true,
    change: async (tx, { ctx, req, params, body }) => {
      const building = await loadBuilding(tx, req, params.bid);
      const tests = await maintenanceTests.list(tx, { buildingId: building.id });
      const incompleteCount = incompleteTests(tests).length;
      const refused = validatePlanSend(tests, body.confirmIncomplete);
      if (refused) throw fail.rule(refused, { incompleteCount });
      const { user, companyId } = authOf(req);
      const sentAt = ctx.nowIso();
      await maintenancePlanSends.insert(tx, { id: newUuid(), companyId, buildingId: building.id, sentAt, sentBy: user.userName, incompleteCount });
      return { record: null, extra: { sentAt, testsCount: tests.length, incompleteCount } };
    },
  }),
];
