// Check payments (spec 3, 4, 7): groups of scanned checks against a tenant's debts. Field names are the
// provider's. A group's version changes on group-level changes (finish scan, submit) only; adding or
// removing checks changes the checks' own versions and NumbersOfPayments.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkStatusNew, fromAgorot, numbersOfPayments, validateCheck, validateSubmit } from '../../../src/lib/domain/checkRules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { Filter } from '../db/records.ts';
import type { StoredCheck, StoredCheckGroup } from '../db/specs.ts';
import { contacts } from '../data/buildings.ts';
import { ledger } from '../data/ledger.ts';
import { checkGroups, checks } from '../data/checks.ts';
import { fileLinks } from '../data/fileLinks.ts';
import { files } from '../data/files.ts';
import { users } from '../data/users.ts';
import { checkVersion, findMine, loadOwned, queryOf, visibleBuildings } from '../http/access.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { linkNamedFile } from '../http/fileAccess.ts';
import { authOf } from '../http/hooks.ts';
import { assertBuildingVisible, visibleBuildingIds } from '../http/rights.ts';
import { recordId } from '../http/schemas.ts';
import { openDebtsFor } from '../money/ledgerDebts.ts';
import { israelLocalDate } from '../util/dates.ts';
import { defineCommand } from '../http/command.ts';
import { noParams } from '../http/params.ts';

const optStr = z.string().nullable().optional();
const checkBody = z.object({
  CheckGuid: recordId,
  ChecksHeaderGuid: recordId,
  Amount: z.number(),
  DepositDate: z.string(),
  CheckStatus: z.number().int().optional(),
  TransactionNumber: optStr,
  BankNumber: optStr,
  BranchNumber: optStr,
  AccountNumber: optStr,
  CheckNumber: optStr,
  FrontImageId: optStr,
  BackImageId: optStr,
  redirect: optStr,
  version: z.number().int().optional(),
  // The device's outbox sends the base version as `baseVersion` (same meaning as `version`).
  baseVersion: z.number().int().optional(),
  // Needed only when the group does not exist yet.
  ContactGuid: z.string().nullable().optional(),
  DebtIds: z.array(z.string()).nullable().optional(),
});
const headerRef = z.object({ ChecksHeaderGuid: recordId, version: z.number().int().optional(), baseVersion: z.number().int().optional() });
const deleteBody = z.object({ CheckGuid: recordId, version: z.number().int().optional(), baseVersion: z.number().int().optional() });
const submitBody = z.object({
  ChecksHeaderGuid: recordId,
  version: z.number().int().optional(),
  baseVersion: z.number().int().optional(),
  WorkerGuid: z.string().nullable().optional(),
  DebtIds: z.array(z.string()).nullable().optional(),
  SendAnyway: z.boolean().optional(),
});

const banks = [
  { BankNumber: '10', BankName: 'בנק לאומי' },
  { BankNumber: '11', BankName: 'בנק דיסקונט' },
  { BankNumber: '12', BankName: 'בנק הפועלים' },
  { BankNumber: '17', BankName: 'בנק מרכנתיל' },
  { BankNumber: '20', BankName: 'בנק מזרחי טפחות' },
  { BankNumber: '31', BankName: 'הבנק הבינלאומי' },
  { BankNumber: '54', BankName: 'בנק ירושלים' },
];

/** A group as the check calls answer it: with its checks. */
const view = async (on: Db, g: StoredCheckGroup) => ({ ...g, checks: await checks.ofGroup(on, g.ChecksHeaderGuid) });

/** The groups still being filled (draft or scanned), with their checks, as `check/toFill` answers them. */
export async function groupsToFill(db: Db, filter: Filter) {
  const groups = await checkGroups.list(db, filter, { orderBy: 'CreateDate' });
  const records = [];
  for (const g of groups) if (g.Status === 'draft' || g.Status === 'scanned') records.push(await view(db, g));
  return records;
}

const editable = (g: StoredCheckGroup) => {
  if (g.Status === 'submitted' || g.Status === 'cancelled') throw fail.rule({ field: 'ChecksHeaderGuid', messageKey: 'checkGroupNotEditable' });
};
const syncPayments = async (ctx: AppContext, tx: Db, g: StoredCheckGroup): Promise<StoredCheckGroup> => {
  const next = { ...g, NumbersOfPayments: numbersOfPayments(await checks.ofGroup(tx, g.ChecksHeaderGuid)), updatedAt: ctx.nowIso() };
  await checkGroups.update(tx, next);
  return next;
};
// The open amount of each named debt, from the ledger; every one must be the payer's and still open.
const debtsTotal = async (tx: Db, req: FastifyRequest, contactGuid: string, ids: readonly string[]): Promise<number> => {
  const { companyId } = authOf(req);
  let total = 0;
  for (const id of ids) {
    const charge = await ledger.find(tx, id, companyId);
    if (!charge || charge.kind !== 'charge') throw fail.notFound();
    await assertBuildingVisible(tx, req, charge.buildingId);
    if (charge.contactId !== contactGuid) throw fail.validation({ field: 'DebtIds', messageKey: 'missingDetailsToContinue' });
    const open = (await openDebtsFor(tx, companyId, charge.buildingId, [id])).find((d) => d.chargeId === id);
    if (!open) throw fail.rule({ field: 'DebtIds', messageKey: 'debtAlreadyPaid' });
    total += open.open;
  }
  return fromAgorot(total);
};

const createGroup = async (
  ctx: AppContext,
  tx: Db,
  req: FastifyRequest,
  guid: string,
  contactGuid: string | undefined,
  debtIds: readonly string[],
): Promise<StoredCheckGroup> => {
  if (!contactGuid) throw fail.validation({ field: 'ContactGuid', messageKey: 'missingDetailsToContinue' });
  const contact = await loadOwned(tx, req, contacts, contactGuid);
  const { companyId, user } = authOf(req);
  const Amount = await debtsTotal(tx, req, contact.id, debtIds);
  const group: StoredCheckGroup = {
    ID: await checkGroups.nextId(tx),
    ChecksHeaderGuid: guid,
    Amount,
    CreateDate: ctx.nowIso(),
    BatchId: null,
    NumbersOfPayments: 1,
    ContactGuid: contact.id,
    BuildingId: contact.buildingId,
    DebtIds: [...debtIds],
    Status: 'draft',
    version: 1,
    WorkerGuid: user.workerGuid,
    SubmittedAt: null,
    updatedAt: ctx.nowIso(),
  };
  await checkGroups.insert(tx, group, companyId);
  return group;
};

export function checkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/check/toFill', { config: { right: 'checks.deposit' } }, async (req) => {
    const contactGuid = queryOf(req).contactGuid;
    const scope = await visibleBuildingIds(db, req);
    const filter: Filter = scope === null ? { companyId: authOf(req).companyId } : { BuildingId: [...scope] };
    if (contactGuid) filter.ContactGuid = (await loadOwned(db, req, contacts, contactGuid)).id;
    return { records: await groupsToFill(db, filter) };
  });

  app.get('/api/binyan/check/listsData', { config: { right: 'checks.deposit' } }, async (req) => {
    const { companyId } = authOf(req);
    const workerGuid = queryOf(req).WorkerGuid;
    if (workerGuid) {
      const workerCompany = await users.companyOfWorker(db, workerGuid);
      if (workerCompany === undefined) throw fail.notFound();
      if (workerCompany !== companyId) throw fail.forbidden();
    }
    const buildings = (await visibleBuildings(db, req)).map((b) => ({ id: b.id, name: b.name, address: b.address, city: b.city }));
    return {
      banks,
      buildings,
      checkStatuses: [
        { id: 1, name: 'new' },
        { id: 2, name: 'pendingApproval' },
        { id: 3, name: 'approved' },
      ],
    };
  });

  app.get('/api/binyan/check/image', { config: { right: 'checks.deposit' } }, async (req) => {
    const q = queryOf(req);
    const check = await loadOwned(db, req, checks, q.chex_checkID ?? '');
    const back = ['back', '2', 'b'].includes((q.orientation ?? '').toLowerCase());
    const fileId = back ? check.BackImageId : check.FrontImageId;
    const file = fileId ? await files.byId(db, fileId) : undefined;
    // Only an image of this check: one uploaded for it, or named by it when its writer could read it.
    const own =
      file !== undefined && file.companyId === authOf(req).companyId && (await fileLinks.has(db, file.id, { parentType: 'checks', parentId: check.CheckGuid }));
    const data = own ? await ctx.files.get(file.companyId, file.sha256) : null;
    if (!data) throw new ApiError(404, 'NOT_FOUND', 'failedToLoadCheckImages');
    return { Image: data.toString('base64') };
  });
}

export const checksCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/check',
    right: 'checks.deposit',
    params: noParams,
    body: checkBody,
    check: ({ body }) => {
      enforce(validateCheck(body));
    },
    change: async (tx, { ctx, req, body }) => {
      let group =
        (await findMine(tx, req, checkGroups, body.ChecksHeaderGuid)) ??
        (await createGroup(ctx, tx, req, body.ChecksHeaderGuid, body.ContactGuid ?? undefined, body.DebtIds ?? []));
      editable(group);
      for (const fileId of [body.FrontImageId, body.BackImageId])
        await linkNamedFile(tx, req, fileId, { parentType: 'checks', parentId: body.CheckGuid }, ctx.nowIso());
      const existing = await findMine(tx, req, checks, body.CheckGuid);
      const now = ctx.nowIso();
      const fields = {
        TransactionNumber: body.TransactionNumber ?? null,
        Amount: body.Amount,
        DepositDate: body.DepositDate,
        BankNumber: body.BankNumber ?? null,
        BranchNumber: body.BranchNumber ?? null,
        AccountNumber: body.AccountNumber ?? null,
        CheckNumber: body.CheckNumber ?? null,
        FrontImageId: body.FrontImageId ?? null,
        BackImageId: body.BackImageId ?? null,
        redirect: body.redirect ?? null,
      };
      let record: StoredCheck;
      const baseVersion = body.version ?? body.baseVersion;
      if (existing) {
        // A create (no base version) of a check that exists: the device compares it with `current`.
        if (existing.ChecksHeaderGuid !== group.ChecksHeaderGuid || baseVersion === undefined) throw fail.exists(existing);
        checkVersion(existing, baseVersion);
        record = { ...existing, ...fields, LastStatusChange: now, version: existing.version + 1 };
        await checks.update(tx, record);
      } else {
        record = {
          ...fields,
          CheckGuid: body.CheckGuid,
          checksHeaderID: group.ID,
          ChecksHeaderGuid: group.ChecksHeaderGuid,
          CheckStatus: checkStatusNew,
          ApprovedByUserId: null,
          ApprovalDate: null,
          SentToDeposit: false,
          LastStatusChange: now,
          LastStatusChangeByUserID: authOf(req).user.id,
          version: 1,
          createdAt: now,
        };
        await checks.insert(tx, record, authOf(req).companyId);
      }
      group = await syncPayments(ctx, tx, group);
      return { status: existing ? 200 : 201, record, extra: { group: await view(tx, group) } };
    },
  }),

  defineCommand({
    method: 'PUT',
    url: '/api/binyan/check/finishScan',
    right: 'checks.deposit',
    params: noParams,
    body: headerRef,
    change: async (tx, { ctx, req, body }) => {
      const group = await loadOwned(tx, req, checkGroups, body.ChecksHeaderGuid);
      const baseVersion = body.version ?? body.baseVersion;
      if (baseVersion !== undefined) checkVersion(group, baseVersion);
      editable(group);
      if ((await checks.ofGroup(tx, group.ChecksHeaderGuid)).length === 0) throw fail.rule({ field: 'checks', messageKey: 'missingDetailsToContinue' });
      const next = group.Status === 'scanned' ? group : { ...group, Status: 'scanned' as const, version: group.version + 1, updatedAt: ctx.nowIso() };
      await checkGroups.update(tx, next);
      return { record: await view(tx, next) };
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/check',
    right: 'checks.deposit',
    params: noParams,
    body: deleteBody,
    change: async (tx, { ctx, req, body }) => {
      const check = await loadOwned(tx, req, checks, body.CheckGuid);
      checkVersion(check, body.version ?? body.baseVersion);
      const group = await loadOwned(tx, req, checkGroups, check.ChecksHeaderGuid);
      editable(group);
      await checks.remove(tx, check.CheckGuid);
      return { record: check, extra: { group: await view(tx, await syncPayments(ctx, tx, group)) } };
    },
  }),

  // "Cancel all payments" (spec 4): a cancelled group leaves the fill list and cannot be continued.
  defineCommand({
    method: 'PUT',
    url: '/api/binyan/check/cancelChecksHeader',
    right: 'checks.deposit',
    params: noParams,
    body: headerRef,
    change: async (tx, { ctx, req, body }) => {
      const group = await loadOwned(tx, req, checkGroups, body.ChecksHeaderGuid);
      checkVersion(group, body.version ?? body.baseVersion);
      editable(group);
      const next: StoredCheckGroup = { ...group, Status: 'cancelled', version: group.version + 1, updatedAt: ctx.nowIso() };
      await checkGroups.update(tx, next);
      return { record: await view(tx, next) };
    },
  }),

  defineCommand({
    method: 'PUT',
    url: '/api/binyan/check/submitChecksHeader',
    right: 'checks.deposit',
    params: noParams,
    body: submitBody,
    change: async (tx, { ctx, req, body }) => {
      const group = await loadOwned(tx, req, checkGroups, body.ChecksHeaderGuid);
      checkVersion(group, body.version ?? body.baseVersion);
      editable(group);
      const debtIds = body.DebtIds ?? group.DebtIds;
      const expected = debtIds.length > 0 ? await debtsTotal(tx, req, group.ContactGuid, debtIds) : group.Amount;
      const failure = validateSubmit(await checks.ofGroup(tx, group.ChecksHeaderGuid), expected, body.SendAnyway === true);
      if (failure) throw fail.rule(failure, { expectedTotal: expected });
      const now = ctx.nowIso();
      const next: StoredCheckGroup = {
        ...group,
        DebtIds: [...debtIds],
        Amount: expected,
        Status: 'submitted',
        BatchId: `B${group.ID ?? 0}-${israelLocalDate(ctx.now())}`,
        // Who did it comes from the session, never from the body.
        WorkerGuid: authOf(req).user.workerGuid,
        SubmittedAt: now,
        version: group.version + 1,
        updatedAt: now,
      };
      await checkGroups.update(tx, next);
      return { record: await view(tx, next) };
    },
  }),
];
