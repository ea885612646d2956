// Check payments (spec 3, 4, 7): groups of scanned checks against a tenant's debts. Field names are the
// provider's. A group's version changes on group-level changes (finish scan, submit) only; adding or
// removing checks changes the checks' own versions and NumbersOfPayments.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Contact, Debt } from '../../../src/lib/domain/entities.ts';
import { checkStatusNew, fromAgorot, numbersOfPayments, sumAgorot, validateCheck, validateSubmit } from '../../../src/lib/domain/checkRules.ts';
import type { AppContext } from '../context.ts';
import type { Filter } from '../db/records.ts';
import { deleteRecord, insertRecord, list, updateRecord } from '../db/records.ts';
import type { StoredCheck, StoredCheckGroup } from '../db/specs.ts';
import { specs } from '../db/specs.ts';
import { loadOwnedFile } from '../files/uploadRules.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { parse } from '../http/validate.ts';
import { israelLocalDate } from '../util/dates.ts';
import { visibleBuildingIds } from '../http/rights.ts';
import { checkVersion, findMine, loadOwned, queryOf, visibleBuildings } from './access.ts';
import { recordId } from './schemas.ts';

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

export function checkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const checksOf = (guid: string) => list<StoredCheck>(db, specs.checks, { ChecksHeaderGuid: guid }, { orderBy: 'createdAt' });
  const view = (g: StoredCheckGroup) => ({ ...g, checks: checksOf(g.ChecksHeaderGuid) });
  const editable = (g: StoredCheckGroup) => {
    if (g.Status === 'submitted' || g.Status === 'cancelled') throw fail.rule({ field: 'ChecksHeaderGuid', messageKey: 'checkGroupNotEditable' });
  };
  const syncPayments = (g: StoredCheckGroup): StoredCheckGroup => {
    const next = { ...g, NumbersOfPayments: numbersOfPayments(checksOf(g.ChecksHeaderGuid)), updatedAt: ctx.nowIso() };
    updateRecord(db, specs.checkGroups, next);
    return next;
  };
  const debtsTotal = (req: FastifyRequest, contactGuid: string, ids: readonly string[]): number => {
    const debts = ids.map((id) => loadOwned<Debt>(ctx, req, specs.debts, id));
    if (debts.some((d) => d.contactGuid !== contactGuid)) throw fail.validation({ field: 'DebtIds', messageKey: 'missingDetailsToContinue' });
    return fromAgorot(sumAgorot(debts.map((d) => d.amount)));
  };

  const createGroup = (req: FastifyRequest, guid: string, contactGuid: string | undefined, debtIds: readonly string[]): StoredCheckGroup => {
    if (!contactGuid) throw fail.validation({ field: 'ContactGuid', messageKey: 'missingDetailsToContinue' });
    const contact = loadOwned<Contact>(ctx, req, specs.contacts, contactGuid);
    const { companyId, user } = authOf(req);
    const max = db.first(db.q.selectFrom('check_groups').select((eb) => eb.fn.max('ID').as('max')));
    const group: StoredCheckGroup = {
      ID: Math.max(Number(max?.max ?? 0), 5000) + 1,
      ChecksHeaderGuid: guid,
      Amount: debtsTotal(req, contact.id, debtIds),
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
    insertRecord(db, specs.checkGroups, group, companyId);
    return group;
  };

  app.get('/api/binyan/check/toFill', { config: { right: 'checks.deposit' } }, async (req) => {
    const contactGuid = queryOf(req).contactGuid;
    const scope = visibleBuildingIds(ctx, req);
    const filter: Filter = scope === null ? { companyId: authOf(req).companyId } : { BuildingId: [...scope] };
    if (contactGuid) filter.ContactGuid = loadOwned<Contact>(ctx, req, specs.contacts, contactGuid).id;
    const groups = list<StoredCheckGroup>(db, specs.checkGroups, filter, { orderBy: 'CreateDate' });
    return { records: groups.filter((g) => g.Status === 'draft' || g.Status === 'scanned').map(view) };
  });

  app.get('/api/binyan/check/listsData', { config: { right: 'checks.deposit' } }, async (req) => {
    const { companyId } = authOf(req);
    const workerGuid = queryOf(req).WorkerGuid;
    if (workerGuid) {
      const worker = db.first(db.q.selectFrom('users').select('companyId').where('workerGuid', '=', workerGuid));
      if (!worker) throw fail.notFound();
      if (worker.companyId !== companyId) throw fail.forbidden();
    }
    const buildings = visibleBuildings(ctx, req).map((b) => ({ id: b.id, name: b.name, address: b.address, city: b.city }));
    return { banks, buildings, checkStatuses: [{ id: 1, name: 'new' }, { id: 2, name: 'pendingApproval' }, { id: 3, name: 'approved' }] };
  });

  app.get('/api/binyan/check/image', { config: { right: 'checks.deposit' } }, async (req) => {
    const q = queryOf(req);
    const check = loadOwned(ctx, req, specs.checks, q.chex_checkID ?? '');
    const back = ['back', '2', 'b'].includes((q.orientation ?? '').toLowerCase());
    const fileId = back ? check.BackImageId : check.FrontImageId;
    const file = fileId ? db.first(db.q.selectFrom('files').select(['companyId', 'data']).where('id', '=', fileId)) : undefined;
    if (!file || file.companyId !== authOf(req).companyId) throw new ApiError(404, 'NOT_FOUND', 'failedToLoadCheckImages');
    return { Image: file.data.toString('base64') };
  });

  app.post('/api/binyan/check', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(checkBody, req.body);
    enforce(validateCheck(body));
    return runMutation(ctx, req, reply, () => {
      let group = findMine(ctx, req, specs.checkGroups, body.ChecksHeaderGuid) ?? createGroup(req, body.ChecksHeaderGuid, body.ContactGuid ?? undefined, body.DebtIds ?? []);
      editable(group);
      for (const fileId of [body.FrontImageId, body.BackImageId]) loadOwnedFile(ctx, req, fileId);
      const existing = findMine(ctx, req, specs.checks, body.CheckGuid);
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
        updateRecord(db, specs.checks, record);
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
        insertRecord(db, specs.checks, record, authOf(req).companyId);
      }
      group = syncPayments(group);
      return { status: existing ? 200 : 201, record, extra: { group: view(group) } };
    });
  });

  app.put('/api/binyan/check/finishScan', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(headerRef, req.body);
    return runMutation(ctx, req, reply, () => {
      const group = loadOwned(ctx, req, specs.checkGroups, body.ChecksHeaderGuid);
      const baseVersion = body.version ?? body.baseVersion;
      if (baseVersion !== undefined) checkVersion(group, baseVersion);
      editable(group);
      if (checksOf(group.ChecksHeaderGuid).length === 0) throw fail.rule({ field: 'checks', messageKey: 'missingDetailsToContinue' });
      const next = group.Status === 'scanned' ? group : { ...group, Status: 'scanned' as const, version: group.version + 1, updatedAt: ctx.nowIso() };
      updateRecord(db, specs.checkGroups, next);
      return { record: view(next) };
    });
  });

  app.delete('/api/binyan/check', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(deleteBody, req.body);
    return runMutation(ctx, req, reply, () => {
      const check = loadOwned(ctx, req, specs.checks, body.CheckGuid);
      checkVersion(check, body.version ?? body.baseVersion);
      const group = loadOwned(ctx, req, specs.checkGroups, check.ChecksHeaderGuid);
      editable(group);
      deleteRecord(db, specs.checks, check.CheckGuid);
      return { record: check, extra: { group: view(syncPayments(group)) } };
    });
  });

  // "Cancel all payments" (spec 4): a cancelled group leaves the fill list and cannot be continued.
  app.put('/api/binyan/check/cancelChecksHeader', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(headerRef, req.body);
    return runMutation(ctx, req, reply, () => {
      const group = loadOwned(ctx, req, specs.checkGroups, body.ChecksHeaderGuid);
      checkVersion(group, body.version ?? body.baseVersion);
      editable(group);
      const next: StoredCheckGroup = { ...group, Status: 'cancelled', version: group.version + 1, updatedAt: ctx.nowIso() };
      updateRecord(db, specs.checkGroups, next);
      return { record: view(next) };
    });
  });

  app.put('/api/binyan/check/submitChecksHeader', { config: { right: 'checks.deposit' } }, async (req, reply) => {
    const body = parse(submitBody, req.body);
    return runMutation(ctx, req, reply, () => {
      const group = loadOwned(ctx, req, specs.checkGroups, body.ChecksHeaderGuid);
      checkVersion(group, body.version ?? body.baseVersion);
      editable(group);
      const debtIds = body.DebtIds ?? group.DebtIds;
      const expected = debtIds.length > 0 ? debtsTotal(req, group.ContactGuid, debtIds) : group.Amount;
      const failure = validateSubmit(checksOf(group.ChecksHeaderGuid), expected, body.SendAnyway === true);
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
      updateRecord(db, specs.checkGroups, next);
      return { record: view(next) };
    });
  });
}
