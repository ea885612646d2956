// Scheduled building events (cleaning day, pest control; spec 1, 3, 4): set by staff or the committee,
// shown to everyone of the building with their times. A past event stays on record.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { israelWallClock } from '../../../src/lib/dates.ts';
import type { BuildingEvent } from '../../../src/lib/domain/buildingLife.ts';
import { mayDeleteEvent, validateEvent } from '../../../src/lib/domain/eventRules.ts';
import type { AppContext } from '../context.ts';
import { buildingEvents, buildingEventsOf } from '../data/buildingLife.ts';
import { bump, checkVersion, loadBuilding, loadOwned, refuseExisting } from '../http/access.ts';
import { enforce } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { patchBody, recordId, wallClock } from '../http/schemas.ts';
import { defineCommand } from '../http/command.ts';
import { baseVersionIn, buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

const fields = { title: z.string().trim(), notes: z.string().trim().default(''), start: wallClock, end: wallClock };
const eventCreate = z.object({ id: recordId, buildingId: z.number().int(), ...fields });
const eventPatch = patchBody({ title: z.string().trim(), notes: z.string().trim(), start: wallClock, end: wallClock });

export function buildingEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** Coming and running events of a building, soonest first. */
  app.get('/api/binyan/buildings/:bid/events', { config: { right: 'rooms.use' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await buildingEventsOf(db, building.id, israelWallClock(ctx.now())) };
  });
}

export const buildingEventsCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/building-events',
    right: 'events.manage',
    params: noParams,
    body: eventCreate,
    bodyOptional: true,
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, buildingEvents, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      enforce(validateEvent(body));
      const { user, companyId } = authOf(req);
      const record: BuildingEvent = { ...body, buildingId: building.id, createdBy: user.fullName, version: 1, updatedAt: ctx.nowIso() };
      await buildingEvents.insert(tx, record, companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/building-events/:id',
    right: 'events.manage',
    params: idParams,
    body: eventPatch,
    bodyOptional: true,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, buildingEvents, id);
      checkVersion(current, body.baseVersion);
      const record = bump(current, body.changes, ctx.nowIso());
      enforce(validateEvent(record));
      await buildingEvents.update(tx, record);
      return { record };
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/building-events/:id',
    right: 'events.manage',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { ctx, req, params, query }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, buildingEvents, id);
      checkVersion(current, baseVersionIn(query));
      enforce(mayDeleteEvent(current, israelWallClock(ctx.now())), true);
      await buildingEvents.remove(tx, id);
      return { record: current };
    },
  }),
];
