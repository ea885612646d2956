// Loading records the caller may touch: unknown → 404, another company's → 403.
import type { FastifyRequest } from 'fastify';
import type { Building, Versioned } from '../../../src/lib/domain/entities.ts';
import type { AppContext } from '../context.ts';
import type { RecordSpec } from '../db/records.ts';
import { findOwned } from '../db/records.ts';
import { specs } from '../db/specs.ts';
import { fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';

export function loadOwned<E>(ctx: AppContext, req: FastifyRequest, spec: RecordSpec<E>, id: string | number): E {
  const found = findOwned(ctx.db, spec, id);
  if (!found) throw fail.notFound();
  if (found.companyId !== authOf(req).companyId) throw fail.forbidden();
  return found.entity;
}

/** Like loadOwned, but a missing record is fine (creates). */
export function findMine<E>(ctx: AppContext, req: FastifyRequest, spec: RecordSpec<E>, id: string | number): E | undefined {
  const found = findOwned(ctx.db, spec, id);
  if (!found) return undefined;
  if (found.companyId !== authOf(req).companyId) throw fail.forbidden();
  return found.entity;
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
