// The server side of the rule table in src/lib/rights: every /api route declares the action it performs
// (`config.right`) or that it is public; a route without either cannot be registered. The action is
// checked after authentication, before the handler; records are then limited to the user's buildings.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, Actor } from '../../../src/lib/rights/rights.ts';
import { buildingScopes, can, isRole } from '../../../src/lib/rights/rights.ts';
import type { UserRow } from '../auth/sessions.ts';
import type { AppContext } from '../context.ts';
import { perDatabase } from '../db/database.ts';
import { ApiError } from './errors.ts';
import { authOf } from './hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action of the rule table this route performs. */
    right?: Action;
  }
  interface FastifyInstance {
    /** Every /api route with the action it declares (public routes have none): for the rights tests. */
    declaredRights: { method: string; url: string; right: Action | null }[];
  }
  interface FastifyRequest {
    /** Buildings the user may see; null = every building of the company. Memoised per request. */
    visibleBuildingIds?: ReadonlySet<number> | null;
  }
}

export const notAllowed = () => new ApiError(403, 'NOT_ALLOWED', 'notAllowed');
export const buildingNotAssigned = () => new ApiError(403, 'BUILDING_NOT_ASSIGNED', 'buildingNotAssigned');

/** An unknown role (a row written by another tool) gets the least: a renter with every flag off. */
export function actorOf(user: UserRow): Actor {
  if (!isRole(user.role)) return { role: 'renter', flags: { PermSrvCall: 0, PermClearing: 0, showChecksDeposit: 0, allowReceptionistModule: 0 } };
  return {
    role: user.role,
    flags: {
      PermSrvCall: user.permSrvCall,
      PermClearing: user.permClearing,
      showChecksDeposit: user.showChecksDeposit,
      allowReceptionistModule: user.allowReceptionistModule,
    },
  };
}

export function mayDo(req: FastifyRequest, action: Action): boolean {
  return can(actorOf(authOf(req).user), action);
}

export function requireRight(req: FastifyRequest, action: Action): void {
  if (!mayDo(req, action)) throw notAllowed();
}

const assignedQuery = perDatabase((db) =>
  db.prepare((userId: number) => db.q.selectFrom('worker_buildings').select('buildingId').where('userId', '=', userId)),
);

/** The buildings a user may see (null: all buildings of their company). */
export function buildingsOfUser(ctx: AppContext, user: UserRow): ReadonlySet<number> | null {
  return buildingScopes[actorOf(user).role] === 'company' ? null : new Set(assignedQuery(ctx.db).all(user.id).map((r) => r.buildingId));
}

/** `buildingsOfUser` of the signed-in user, read once per request. */
export function visibleBuildingIds(ctx: AppContext, req: FastifyRequest): ReadonlySet<number> | null {
  if (req.visibleBuildingIds === undefined) req.visibleBuildingIds = buildingsOfUser(ctx, authOf(req).user);
  return req.visibleBuildingIds;
}

export function assertBuildingVisible(ctx: AppContext, req: FastifyRequest, buildingId: number): void {
  const ids = visibleBuildingIds(ctx, req);
  if (ids !== null && !ids.has(buildingId)) throw buildingNotAssigned();
}

export function registerRights(app: FastifyInstance): void {
  const declared: FastifyInstance['declaredRights'] = [];
  app.decorate('declaredRights', declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const config = route.config as { public?: boolean; right?: Action } | undefined;
    if (!config?.public && !config?.right) throw new Error(`${String(route.method)} ${route.url} declares no right (config.right) and is not public`);
    for (const method of [route.method].flat()) if (method !== 'HEAD') declared.push({ method, url: route.url, right: config.right ?? null });
  });
  app.addHook('preHandler', async (req) => {
    const right = req.routeOptions.config.right;
    if (right && req.auth) requireRight(req, right);
  });
}
