// The incremental pull (server/src/sync/changeFeed.ts; docs/api.md "Incremental pull").
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { queryOf } from '../http/access.ts';
import { localDate } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { MAX_PULL_BUILDINGS } from '../sync/cursor.ts';
import { pullChanges } from '../sync/changeFeed.ts';
import { israelLocalDate } from '../util/dates.ts';

/** A comma-separated list of building ids (an empty text is none). */
const buildingList = z
  .string()
  .max(MAX_PULL_BUILDINGS * 8)
  .regex(/^(\d{1,9}(,\d{1,9})*)?$/)
  .transform((text) => (text === '' ? [] : text.split(',').map(Number)))
  .pipe(z.array(z.number().int()).max(MAX_PULL_BUILDINGS));

const pullQuery = z.object({
  cursor: z.string().min(1).max(8_192).optional(),
  buildings: buildingList.default([]),
  fresh: buildingList.default([]),
  date: localDate.optional(),
});

export function syncChangesRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/binyan/sync/changes', { config: { right: 'buildings.read' } }, async (req) => {
    const q = parse(pullQuery, queryOf(req));
    return pullChanges(ctx, req, { cursor: q.cursor ?? null, buildings: q.buildings, fresh: q.fresh, day: q.date ?? israelLocalDate(ctx.now()) });
  });
}
