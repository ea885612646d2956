// Loading records the caller may touch: unknown → 404, another company's → 403, a building the user
// is not assigned to → 403 (src/lib/rights: workers, committee members and guards see their buildings).
import type { FastifyRequest } from 'fastify';
import type { Building, Versioned } from '../../../src/lib/domain/entities.ts';
import type { AppContext } from '../context.ts';
import type { RecordSpec } from '../db/records.ts';
import { findOwned, list } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { assertBuildingVisible, visibleBuildingIds } from '../http/rights.ts';

/** The building a record belongs to; records without their own building id reach it through a parent. */
function buildingOf(ctx: AppContext, spec: RecordSpec<unknown>, entity: unknown): number | null {
  const e = entity as Record<string, unknown>;
  if (spec === specs.buildings) return Number(e.id);
  if (spec === specs.serviceCallUpdates) return findOwned(ctx.db, specs.serviceCalls, String(e.serviceCallId))?.entity.buildingId ?? null;
  if (spec === specs.checks) return findOwned(ctx.db, specs.checkGroups, String(e.ChecksHeaderGuid))?.entity.BuildingId ?? null;
  if (spec === specs.checkGroups) return Number(e.BuildingId);
  return typeof e.buildingId === 'number' ? e.buildingId : null;
}

function checkAccess<E>(ctx: AppContext, req: FastifyRequest, spec: RecordSpec<E>, found: { entity: E; companyId: number }): E {
  if (found.companyId !== authOf(req).companyId) throw fail.forbidden();
  if (visibleBuildingIds(ctx, req) !== null) {
    const buildingId = buildingOf(ctx, spec as RecordSpec<unknown>, found.entity);
    if (buildingId === null) throw fail.forbidden();
    assertBuildingVisible(ctx, req, buildingId);
  }
  return found.entity;
}

export function loadOwned<E>(ctx: AppContext, req: FastifyRequest, spec: RecordSpec<E>, id: string | number): E {
  const found = findOwned(ctx.db, spec, id);
  if (!found) throw fail.notFound();
  return checkAccess(ctx, req, spec, found);
}

/** Like loadOwned, but a missing record is fine (creates). */
export function findMine<E>(ctx: AppContext, req: FastifyRequest, spec: RecordSpec<E>, id: string | number): E | undefined {
  const found = findOwned(ctx.db, spec, id);
  return found ? checkAccess(ctx, req, spec, found) : undefined;
}

/** The buildings the user may see, by number. */
export function visibleBuildings(ctx: AppContext, req: FastifyRequest): Building[] {
  const ids = visibleBuildingIds(ctx, req);
  return list<Building>(ctx.db, specs.buildings, ids === null ? { companyId: authOf(req).companyId } : { id: [...ids] }, { orderBy: 'number' });
}

/** A list filter limiting rows to the user's buildings (the company's when they see all of them). */
export function buildingFilter(ctx: AppContext, req: FastifyRequest): { companyId: number } | { buildingId: number[] } {
  const ids = visibleBuildingIds(ctx, req);
  return ids === null ? { companyId: authOf(req).companyId } : { buildingId: [...ids] };
}

export function loadBuilding(ctx: AppContext, req: FastifyRequest, id: unknown): Building {
  const bid = Number(id);
  if (!Number.isInteger(bid)) throw fail.notFound();
  return loadOwned(ctx, req, specs.buildings, bid);
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

/** A create whose id already exists: same company → 409 with the current record; other company → 403. */
export function refuseExisting<E>(ctx: AppContext, req: FastifyRequest, spec: RecordSpec<E>, id: string): void {
  const existing = findMine(ctx, req, spec, id);
  if (existing) throw fail.exists(existing);
}
