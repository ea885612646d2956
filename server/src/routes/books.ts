// The committee's books (issue 15): a building's ledger read back whole, expenses with their invoice
// (each one posts its 'expense' ledger row in the same transaction), manual income, opening balance and
// petty cash (ledger rows of their own), and the yearly budget per group. Every rule of
// src/lib/domain/books.ts is enforced here again; writes are idempotent and versioned like the others.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { BudgetLineRecord, Expense } from '../../../src/lib/domain/books.ts';
import {
  budgetGroups,
  canDeleteLedgerEntry,
  canTurnBidIntoExpense,
  duplicateBudgetLine,
  duplicateInvoice,
  manualLedgerKinds,
  pettyCashOut,
  validateBudgetLine,
  validateExpense,
  validateManualEntry,
} from '../../../src/lib/domain/books.ts';
import { pettyCashBalance } from '../../../src/lib/domain/ledger.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { bids, budgetLines, expenses, ledgerRowOfExpense, suppliers } from '../data/books.ts';
import { contacts } from '../data/buildings.ts';
import { ledger } from '../data/ledger.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { bump, checkVersion, loadBuilding, loadOwned, refuseExisting } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { linkNamedFile } from '../http/fileAccess.ts';
import { authOf } from '../http/hooks.ts';
import { localDate, patchBody, recordId } from '../http/schemas.ts';
import { refuseTakenLedgerId } from '../money/ledgerIds.ts';
import { defineCommand } from '../http/command.ts';
import { baseVersionIn, buildingParams, idParams, noParams, paramsOf } from '../http/params.ts';

const agorot = z.number().int();
const optAgorot = agorot.nullable().default(null);
// Creates default what is left out to null; a patch changes only the fields it names.
const nullableText = z
  .string()
  .trim()
  .nullable()
  .transform((v) => (v === '' ? null : v));
const optText = nullableText.default(null);
const optDate = localDate.nullable().default(null);

const expenseFields = {
  date: localDate,
  description: z.string().trim(),
  amountAgorot: agorot,
  group: z.enum(budgetGroups),
  supplierId: optText,
  invoiceNumber: optText,
  invoiceDate: optDate,
  invoiceAmountAgorot: optAgorot,
  dueDate: optDate,
  reference: optText,
  attachmentId: optText,
};
const expenseCreate = z.object({ id: recordId, buildingId: z.number().int(), bidId: optText, ...expenseFields });
const expensePatch = patchBody({
  ...expenseFields,
  supplierId: nullableText,
  invoiceNumber: nullableText,
  invoiceDate: localDate.nullable(),
  invoiceAmountAgorot: agorot.nullable(),
  dueDate: localDate.nullable(),
  reference: nullableText,
  attachmentId: nullableText,
});

const entryCreate = z.object({
  id: recordId,
  buildingId: z.number().int(),
  kind: z.enum(manualLedgerKinds),
  date: localDate,
  amountAgorot: agorot,
  description: z.string().trim(),
  group: optText,
});

const budgetCreate = z.object({ id: recordId, buildingId: z.number().int(), year: z.number().int(), group: z.enum(budgetGroups), amountAgorot: agorot });
const budgetPatch = patchBody({ amountAgorot: agorot });

const userOf = (req: FastifyRequest) => authOf(req).user.fullName;

/** The supplier an expense names must be one of the company's (its invoice numbers are its own). */
async function checkSupplier(tx: Db, req: FastifyRequest, supplierId: string | null): Promise<void> {
  if (!supplierId) return;
  const found = await suppliers.find(tx, supplierId);
  if (!found || found.companyId !== authOf(req).companyId) throw fail.validation({ field: 'supplierId', messageKey: 'requiredField' });
}

/** Same supplier and invoice number is one invoice: a second expense of it is refused. */
async function refuseDuplicate(tx: Db, e: Pick<Expense, 'id' | 'supplierId' | 'invoiceNumber'>): Promise<void> {
  if (!e.supplierId) return;
  enforce(duplicateInvoice(e, await expenses.ofSupplier(tx, e.supplierId)), true);
}

export function bookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/buildings/:bid/ledger', { config: { right: 'books.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await ledger.ofBuilding(db, authOf(req).companyId, b.id) };
  });

  // The financial report of a contact (/financial-report/:contactId): the contact and their charges and
  // payments. The stored report contact may not be on the device yet, so it comes with its rows.
  app.get('/api/binyan/contacts/:id/financial-report', { config: { right: 'books.read' } }, async (req) => {
    const contact = await loadOwned(db, req, contacts, paramsOf(idParams, req).id);
    const rows = await ledger.ofBuilding(db, authOf(req).companyId, contact.buildingId);
    return { record: contact, records: rows.filter((e) => e.contactId === contact.id) };
  });

  app.get('/api/binyan/buildings/:bid/expenses', { config: { right: 'books.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await expenses.ofBuilding(db, b.id) };
  });

  app.get('/api/binyan/buildings/:bid/budget', { config: { right: 'books.read' } }, async (req) => {
    const b = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    return { records: await budgetLines.ofBuilding(db, b.id) };
  });
}

export const booksCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/ledger-entries',
    right: 'books.write',
    params: noParams,
    body: entryCreate,
    check: ({ body }) => {
      enforce(validateManualEntry(body));
    },
    change: async (tx, { ctx, req, body }) => {
      const { companyId } = authOf(req);
      await refuseTakenLedgerId(tx, req, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      if (body.kind === 'pettyCashOut') enforce(pettyCashOut(pettyCashBalance(await ledger.ofBuilding(tx, companyId, building.id)), body.amountAgorot), true);
      const now = ctx.nowIso();
      const record: StoredLedgerEntry = {
        id: body.id,
        buildingId: building.id,
        kind: body.kind,
        date: body.date,
        amountAgorot: body.amountAgorot,
        apartmentId: null,
        contactId: null,
        debtKind: null,
        dueDate: null,
        group: body.group,
        description: body.description,
        settles: [],
        sourceKind: 'manual',
        sourceId: body.id,
        createdAt: now,
        createdBy: userOf(req),
        version: 1,
        updatedAt: now,
      };
      await ledger.insert(tx, record, companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/ledger-entries/:id',
    right: 'books.write',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { req, params, query }) => {
      const { id } = params;
      const { companyId } = authOf(req);
      const entry = await ledger.find(tx, id, companyId);
      if (!entry) throw fail.notFound();
      await loadBuilding(tx, req, entry.buildingId);
      enforce(canDeleteLedgerEntry(entry), true);
      checkVersion(entry, baseVersionIn(query));
      await ledger.remove(tx, id, companyId);
      return { record: entry };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/expenses',
    right: 'books.write',
    params: noParams,
    body: expenseCreate,
    check: ({ body }) => {
      enforce(validateExpense(body));
    },
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, expenses, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      await checkSupplier(tx, req, body.supplierId);
      await linkNamedFile(tx, req, body.attachmentId, { parentType: 'expenses', parentId: body.id }, ctx.nowIso());
      await refuseDuplicate(tx, body);
      const now = ctx.nowIso();
      const record: Expense = { ...body, buildingId: building.id, createdBy: userOf(req), version: 1, updatedAt: now };
      if (body.bidId) {
        const bid = await loadOwned(tx, req, bids, body.bidId);
        if (bid.buildingId !== building.id) throw fail.validation({ field: 'bidId', messageKey: 'requiredField' });
        enforce(canTurnBidIntoExpense(bid), true);
        await bids.update(tx, bump(bid, { expenseId: record.id }, now));
      }
      await expenses.insert(tx, record, authOf(req).companyId);
      await ledger.insert(tx, ledgerRowOfExpense(record, now), authOf(req).companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/expenses/:id',
    right: 'books.write',
    params: idParams,
    body: expensePatch,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, expenses, id);
      checkVersion(current, body.baseVersion);
      const next = bump(current, body.changes, ctx.nowIso());
      enforce(validateExpense(next));
      await checkSupplier(tx, req, next.supplierId);
      await linkNamedFile(tx, req, next.attachmentId, { parentType: 'expenses', parentId: next.id }, ctx.nowIso());
      await refuseDuplicate(tx, next);
      await expenses.update(tx, next);
      const { companyId } = authOf(req);
      const posted = await ledger.bySource(tx, companyId, 'expense', id, 'expense');
      const row = ledgerRowOfExpense(next, posted?.createdAt ?? next.updatedAt);
      if (posted) await ledger.update(tx, { ...row, id: posted.id }, companyId);
      else await ledger.insert(tx, row, companyId);
      return { record: next };
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/expenses/:id',
    right: 'books.write',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { ctx, req, params, query }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, expenses, id);
      checkVersion(current, baseVersionIn(query));
      const { companyId } = authOf(req);
      const posted = await ledger.bySource(tx, companyId, 'expense', id, 'expense');
      if (posted) await ledger.remove(tx, posted.id, companyId);
      if (current.bidId) {
        const bid = await bids.find(tx, current.bidId);
        if (bid) await bids.update(tx, bump(bid.entity, { expenseId: null }, ctx.nowIso()));
      }
      await expenses.remove(tx, id);
      return { record: current };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/budget-lines',
    right: 'books.write',
    params: noParams,
    body: budgetCreate,
    check: ({ body }) => {
      enforce(validateBudgetLine(body));
    },
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, budgetLines, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      enforce(duplicateBudgetLine(body, await budgetLines.ofBuilding(tx, building.id)), true);
      const record: BudgetLineRecord = { ...body, buildingId: building.id, version: 1, updatedAt: ctx.nowIso() };
      await budgetLines.insert(tx, record, authOf(req).companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/budget-lines/:id',
    right: 'books.write',
    params: idParams,
    body: budgetPatch,
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const current = await loadOwned(tx, req, budgetLines, id);
      checkVersion(current, body.baseVersion);
      const next = bump(current, body.changes, ctx.nowIso());
      enforce(validateBudgetLine(next));
      await budgetLines.update(tx, next);
      return { record: next };
    },
  }),
];
