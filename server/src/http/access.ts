// Loading records the caller may touch: unknown → 404, another company's → 403, a building the user
// is not assigned to → 403 (src/lib/rights: workers, committee members and guards see their buildings).
// `db` is the request's transaction when the load is part of a change.
import type { FastifyRequest } from 'fastify';
import type { Building, Versioned } from '../../../src/lib/domain/entities.ts';
import type { Db } from '../db/database.ts';
import type { Owned, Resource } from '../db/records.ts';
import { buildings } from '../data/buildings.ts';
import { checkGroups, checks } from '../data/checks.ts';
import { serviceCalls, serviceCallUpdates } from '../data/serviceCalls.ts';
import { ApiError, fail } from './errors.ts';
import { authOf } from './hooks.ts';
import { assertBuildingVisible, visibleBuildingIds } from './rights.ts';

/** The building a record belongs to; records without their own building id reach it through a parent. */
async function buildingOf(db: Db, resource: Resource<unknown>, entity: unknown): Promise<number | null> {
  const e = entity as Record<string, unknown>;
  if (resource.spec === buildings.spec) return Number(e.id);
  if (resource.spec === serviceCallUpdates.spec) return (await serviceCalls.find(db, String(e.serviceCallId)))?.entity.buildingId ?? null;
  if (resource.spec === checks.spec) return (await checkGroups.find(db, String(e.ChecksHeaderGuid)))?.entity.BuildingId ?? null;
  if (resource.spec === checkGroups.spec) return Number(e.BuildingId);
  return typeof e.buildingId === 'number' ? e.buildingId : null;
}

async function checkAccess<E>(db: Db, req: FastifyRequest, resource: Resource<E>, found: Owned<E>): Promise<E> {
  if (found.companyId !== authOf(req).companyId) throw fail.forbidden();
  if ((await visibleBuildingIds(db, req)) !== null) {
    const buildingId = await buildingOf(db, resource as Resource<unknown>, found.entity);
    if (buildingId === null) throw fail.forbidden();
    await assertBuildingVisible(db, req, buildingId);
  }
  return found.entity;
}

export async function loadOwned<E>(db: Db, req: FastifyRequest, resource: Resource<E>, id: string | number): Promise<E> {
  const found = await resource.find(db, id);
  if (!found) throw fail.notFound();
  return checkAccess(db, req, resource, found);
}

/** Like loadOwned, but a missing record is fine (creates). */
export async function findMine<E>(db: Db, req: FastifyRequest, resource: Resource<E>, id: string | number): Promise<E | undefined> {
  const found = await resource.find(db, id);
  return found ? checkAccess(db, req, resource, found) : undefined;
}

/** The buildings the user may see, by number. */
export async function visibleBuildings(db: Db, req: FastifyRequest): Promise<Building[]> {
  const ids = await visibleBuildingIds(db, req);
  return buildings.list(db, ids === null ? { companyId: authOf(req).companyId } : { id: [...ids] }, { orderBy: 'number' });
}

/** A list filter limiting rows to the user's buildings (the company's when they see all of them). */
export async function buildingFilter(db: Db, req: FastifyRequest): Promise<{ companyId: number } | { buildingId: number[] }> {
  const ids = await visibleBuildingIds(db, req);
  return ids === null ? { companyId: authOf(req).companyId } : { buildingId: [...ids] };
}

export async function loadBuilding(db: Db, req: FastifyRequest, id: unknown): Promise<Building> {
  const bid = Number(id);
  if (!Number.isInteger(bid)) throw fail.notFound();
  return loadOwned(db, req, buildings, bid);
}

export function checkVersion<E extends { version: number }>(current: E, baseVersion: number | undefined): void {
  if (baseVersion === undefined || !Number.isInteger(baseVersion)) throw fail.validation({ field: 'baseVersion', messageKey: 'requiredField' });
  if (current.version !== baseVersion) throw fail.conflict(current);
}

export function bump<E extends Versioned>(current: E, changes: Partial<E>, nowIso: string): E {
  return { ...current, ...changes, version: current.version + 1, updatedAt: nowIso };
}

export function queryOf(req: FastifyRequest): Record<string, string | undefined> {
  return (req.query ?? {}) as Record<string, string | undefined>;
}

export function baseVersionFromQuery(req: FastifyRequest): number | undefined {
  const raw = queryOf(req).baseVersion;
  return raw === undefined || raw === '' ? undefined : Number(raw);
}

/**
 * A create whose id already exists: 409 ALREADY_EXISTS, with the record as `current` when the caller may
 * see it (`shownAs` gives the caller's view of it, e.g. without another tenant's details); a record of
 * another company or of a building the caller does not see is not shown (nor told apart). The primary
 * key refuses a second row in any case (a create racing another with the same id loses and runs again),
 * so this read is `unguarded` (db/database.ts).
 */
export async function refuseExisting<E>(db: Db, req: FastifyRequest, resource: Resource<E>, id: string, shownAs?: (entity: E) => unknown): Promise<void> {
  const found = await resource.find(db.unguarded, id);
  if (!found) return;
  let entity: E;
  try {
    entity = await checkAccess(db, req, resource, found);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) throw fail.idTaken();
    throw error;
  }
  throw fail.exists(shownAs ? await shownAs(entity) : entity);
}
