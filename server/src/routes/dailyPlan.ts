// The daily plan (derived, not stored: plan/dailyPlan.ts) of the signed-in worker.
import type { FastifyInstance } from 'fastify';
import type { DailyPlan } from '../../../src/lib/domain/entities.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { buildings } from '../data/buildings.ts';
import { users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { queryOf } from '../http/access.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { localDate } from '../http/schemas.ts';
import { dailyPlanFor } from '../plan/dailyPlan.ts';
import { israelLocalDate } from '../util/dates.ts';

/** A user's plan for a date: their assigned buildings, or every building of the company without any. */
export async function planOf(db: Db, user: UserRow, date: string): Promise<DailyPlan> {
  const assigned = await users.assignedBuildings(db, user.id);
  const ids = assigned.length > 0 ? assigned : (await buildings.list(db, { companyId: user.companyId }, { orderBy: 'number' })).map((b) => b.id);
  return dailyPlanFor(user.workerGuid, ids, date);
}

export function dailyPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/binyan/daily-plan', { config: { right: 'plan.read' } }, async (req) => {
    const date = queryOf(req).date ?? israelLocalDate(ctx.now());
    if (!localDate.safeParse(date).success) throw fail.validation({ field: 'date', messageKey: 'invalidDate' });
    return { plan: await planOf(ctx.db, authOf(req).user, date) };
  });
}
