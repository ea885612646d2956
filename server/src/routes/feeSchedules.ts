// A building's committee fee schedule (issue 29), read and changed online by management staff and the
// building's committee. A change is a new schedule from a month on (never an edit of an old one), so what
// was billed before stays explained; the billing job (jobs/feeBilling.ts) bills from the month it names.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { feeBases, feeFrequencies, feePayers, keptSchedule, validateFeeSchedule } from '../../../src/lib/domain/feeScheduleRules.ts';
import type { AppContext } from '../context.ts';
import { apartments } from '../data/buildings.ts';
import { feeSchedules } from '../data/feeSchedules.ts';
import { loadBuilding } from '../http/access.ts';
import { enforce } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { israelLocalDate } from '../util/dates.ts';
import { defineCommand } from '../http/command.ts';
import { buildingParams, paramsOf } from '../http/params.ts';

const scheduleBody = z.object({
  effectiveFrom: z.string(),
  basis: z.enum(feeBases),
  rateAgorot: z.number(),
  frequency: z.enum(feeFrequencies),
  billingDay: z.number(),
  payer: z.enum(feePayers),
  apartments: z.array(z.object({ apartmentId: z.string(), rooms: z.number().nullable(), amountAgorot: z.number().nullable() })).max(2_000),
});

export function feeScheduleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  // The schedules, the one in effect last first, and the apartments a schedule can name (with their area).
  app.get('/api/binyan/buildings/:bid/fee-schedules', { config: { right: 'feeSchedule.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const units = await apartments.list(db, { buildingId: building.id }, { orderBy: 'id' });
    return {
      records: await feeSchedules.ofBuilding(db, authOf(req).companyId, building.id),
      apartments: units.map((a) => ({ id: a.id, number: a.number, area: a.area })),
      thisMonth: israelLocalDate(ctx.now()).slice(0, 7),
    };
  });
}

export const feeSchedulesCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/buildings/:bid/fee-schedules',
    right: 'feeSchedule.edit',
    params: buildingParams,
    body: scheduleBody,
    check: ({ ctx, body }) => {
      enforce(validateFeeSchedule(body, israelLocalDate(ctx.now()).slice(0, 7)));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const building = await loadBuilding(tx, req, params.bid);
      const own = new Set((await apartments.list(tx, { buildingId: building.id }, { orderBy: 'id' })).map((a) => a.id));
      // A line may name only this building's apartments; lines that set nothing are not kept (keptSchedule).
      const stranger = body.apartments.find((l) => !own.has(l.apartmentId));
      if (stranger) enforce({ field: 'apartments', messageKey: 'notFound' });
      const record = {
        ...keptSchedule(body),
        id: randomUUID(),
        buildingId: building.id,
        createdAt: ctx.nowIso(),
        createdBy: String(authOf(req).user.id),
      };
      await feeSchedules.insert(tx, authOf(req).companyId, record);
      return { status: 201, record };
    },
  }),
];
