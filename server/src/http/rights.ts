// The server side of the rule table in src/lib/rights: every /api route declares the action it performs
// (`config.right`) or that it is public; a route without either cannot be registered. The action is
// checked after authentication, before the handler; records are then limited to the user's buildings.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Action, Actor } from '../../../src/lib/rights/rights.ts';
import { buildingScopes, can, isRole } from '../../../src/lib/rights/rights.ts';
import type { Db } from '../db/database.ts';
import { users } from '../data/users.ts';
import type { UserRow } from '../data/users.ts';
import { ApiError } from './errors.ts';
import { authOf } from './hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The action of the rule table this route performs. */
    right?: Action;
    /** A tenant's action (pay, save a card, book, sign, send): refused until they approved the current terms (http/termsCheck.ts). */
    terms?: boolean;
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

/** The buildings a user may see (null: all buildings of their company). */
export async function buildingsOfUser(db: Db, user: UserRow): Promise<ReadonlySet<number> | null> {
  return buildingScopes[actorOf(user).role] === 'company' ? null : new Set(await users.assignedBuildings(db, user.id));
}

/** `buildingsOfUser` of the signed-in user, read once per request. */
export async function visibleBuildingIds(db: Db, req: FastifyRequest): Promise<ReadonlySet<number> | null> {
  if (req.visibleBuildingIds === undefined) req.visibleBuildingIds = await buildingsOfUser(db, authOf(req).user);
  return req.visibleBuildingIds;
}

export async function assertBuildingVisible(db: Db, req: FastifyRequest, buildingId: number): Promise<void> {
  const ids = await visibleBuildingIds(db, req);
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
}

/** The action the route declares, checked once the caller is known (http/beforeHandler.ts). */
export function checkRouteRight(req: FastifyRequest): void {
  const right = req.routeOptions.config.right;
  if (right && req.auth) requireRight(req, right);
}
