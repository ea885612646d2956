// Suppliers of the company (/suppliers, /building-suppliers/:bid) and their quotes (bids) for a
// building, approved once by the committee or management staff (who and when are recorded). A
// supplier is the company's; a user limited to some buildings sees and edits those serving one of them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Bid, Supplier } from '../../../src/lib/domain/books.ts';
import { budgetGroups, canApproveBid, validateBid, validateSupplier } from '../../../src/lib/domain/books.ts';
import { phone as phoneRule, email as emailRule } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { bids, suppliers } from '../data/books.ts';
import { closeDuePolls } from './polls.ts';
import { bump, checkVersion, loadBuilding, loadOwned, refuseExisting } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { linkNamedFile } from '../http/fileAccess.ts';
import { authOf } from '../http/hooks.ts';
import { buildingNotAssigned, visibleBuildingIds } from '../http/rights.ts';
import { localDate, patchBody, recordId } from '../http/schemas.ts';
import { defineCommand } from '../http/command.ts';
import { buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

// Creates default what is left out to null; a patch changes only the fields it names.
const nullableText = z
  .string()
  .trim()
  .nullable()
  .transform((v) => (v === '' ? null : v));
const optText = nullableText.default(null);

const supplierFields = {
  name: z.string().trim(),
  domain: z.enum(budgetGroups),
  phone: optText,
  email: optText,
  buildingIds: z.array(z.number().int()).default([]),
};
const supplierCreate = z.object({ id: recordId, ...supplierFields });
const supplierPatch = patchBody({ ...supplierFields, phone: nullableText, email: nullableText, buildingIds: z.array(z.number().int()) });

const bidCreate = z.object({
  id: recordId,
  buildingId: z.number().int(),
  supplierId: z.string().trim(),
  date: localDate,
  amountAgorot: z.number().int(),
  description: z.string().trim(),
  attachmentId: optText,
});

function checkSupplierFields(s: Pick<Supplier, 'name' | 'domain' | 'phone' | 'email'>): void {
  enforce(validateSupplier(s) ?? phoneRule(s.phone, 'phone', false) ?? (s.email ? emailRule(s.email) : null));
}

/** A supplier of the caller's company that serves one of the caller's buildings (all, for staff). */
async function loadSupplier(db: Db, req: FastifyRequest, id: string): Promise<Supplier> {
  const found = await suppliers.find(db, id);
  if (!found) throw fail.notFound();
  if (found.companyId !== authOf(req).companyId) throw fail.forbidden();
  const visible = await visibleBuildingIds(db, req);
  if (visible !== null && !found.entity.buildingIds.some((b) => visible.has(b))) throw buildingNotAssigned();
  return found.entity;
}

/** Every building a supplier is given must be one the caller may see. */
async function checkBuildings(db: Db, req: FastifyRequest, buildingIds: readonly number[]): Promise<void> {
  for (const id of buildingIds) await loadBuilding(db, req, id);
  const visible = await visibleBuildingIds(db, req);
  if (visible !== null && buildingIds.length === 0) throw fail.validation({ field: 'buildingIds', messageKey: 'noBuildingSelected' });
}

export function supplierRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/suppliers', { config: { right: 'suppliers.read' } }, async (req) => {
    const visible = await visibleBuildingIds(db, req);
    const all = await suppliers.ofCompany(db, authOf(req).companyId);
    return { records: visible === null ? all : all.filter((s) => s.buildingIds.some((b) => visible.has(b))) };
  });

  app.get('/api/binyan/buildings/:bid/suppliers', { config: { right: 'suppliers.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: (await suppliers.ofCompany(db, authOf(req).companyId)).filter((s) => s.buildingIds.includes(b.id)) };
  });

  app.get('/api/binyan/buildings/:bid/bids', { config: { right: 'books.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    // A quote decided by a poll whose time has passed shows approved (routes/polls.ts, the check on read).
    await closeDuePolls(db, authOf(req).companyId, b.id, ctx.now());
    return { records: await bids.ofBuilding(db, b.id) };
  });
}

export const suppliersCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/suppliers',
    right: 'suppliers.write',
    params: noParams,
    body: supplierCreate,
    check: ({ body }) => {
      checkSupplierFields(body);
    },
    change: async (tx, { ctx, req, body }) => {
      const existing = await suppliers.find(tx.unguarded, body.id);
      if (existing) throw fail.exists(await loadSupplier(tx, req, body.id));
      await checkBuildings(tx, req, body.buildingIds);
      const record: Supplier = { ...body, version: 1, updatedAt: ctx.nowIso() };
      await suppliers.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/suppliers/:id',
    right: 'suppliers.write',
    params: idParams,
    body: supplierPatch,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadSupplier(tx, req, id);
      checkVersion(current, body.baseVersion);
      const next = bump(current, body.changes, ctx.nowIso());
      checkSupplierFields(next);
      if (body.changes.buildingIds) {
        const visible = await visibleBuildingIds(tx, req);
        // Buildings the caller cannot see stay as they were; those they can see follow the change.
        const kept = visible === null ? [] : current.buildingIds.filter((b) => !visible.has(b));
        await checkBuildings(tx, req, body.changes.buildingIds);
        next.buildingIds = [...new Set([...kept, ...body.changes.buildingIds])].sort((a, b) => a - b);
      }
      await suppliers.update(tx, next);
      return { record: next };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/bids',
    right: 'books.write',
    params: noParams,
    body: bidCreate,
    check: ({ body }) => {
      enforce(validateBid(body));
    },
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, bids, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      const supplier = await suppliers.find(tx, body.supplierId);
      if (!supplier || supplier.companyId !== authOf(req).companyId) throw fail.validation({ field: 'supplierId', messageKey: 'requiredField' });
      await linkNamedFile(tx, req, body.attachmentId, { parentType: 'bids', parentId: body.id }, ctx.nowIso());
      const record: Bid = {
        ...body,
        buildingId: building.id,
        status: 'open',
        approvedBy: null,
        approvedAt: null,
        expenseId: null,
        version: 1,
        updatedAt: ctx.nowIso(),
      };
      await bids.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/bids/:id/approve',
    right: 'bids.approve',
    params: idParams,
    body: z.object({ baseVersion: z.number().int() }),
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, bids, id);
      checkVersion(current, body.baseVersion);
      enforce(canApproveBid(current), true);
      const now = ctx.nowIso();
      const record = bump(current, { status: 'approved', approvedBy: authOf(req).user.fullName, approvedAt: now }, now);
      await bids.update(tx, record);
      return { record };
    },
  }),
];
