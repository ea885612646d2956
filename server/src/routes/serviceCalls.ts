import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isIsoInstant } from '../../../src/lib/calendar.ts';
import type { ServiceCall, ServiceCallStatus, ServiceCallUpdate } from '../../../src/lib/domain/entities.ts';
import { serviceCallDomains, serviceCallPriorities, serviceCallStatuses, serviceCallTypes } from '../../../src/lib/domain/entities.ts';
import { canTransition, closedAtAfter, tabOf } from '../../../src/lib/domain/serviceCallStatus.ts';
import { description as descriptionRule, required, validateServiceCall } from '../../../src/lib/validation/rules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { Filter } from '../db/records.ts';
import { files } from '../data/files.ts';
import { serviceCalls, serviceCallUpdates } from '../data/serviceCalls.ts';
import { queueCallNotice } from '../messaging/callNotice.ts';
import { buildingFilter, bump, checkVersion, loadBuilding, loadOwned, queryOf, refuseExisting } from '../http/access.ts';
import { enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { isoTime, patchBody, recordId } from '../http/schemas.ts';
import { defineCommand } from '../http/command.ts';
import { baseVersionIn, idParams, noParams, paramsOf } from '../http/params.ts';

const create = z.object({
  id: recordId,
  buildingId: z.number().int().nullable().optional(),
  callType: z.enum(serviceCallTypes).default('fault'),
  domain: z.string().nullable().optional(),
  reporterContactId: z.string().nullable().optional(),
  reporterName: z.string().default(''),
  status: z.enum(['open', 'planned']).default('open'),
  priority: z.enum(serviceCallPriorities).default('normal'),
  subject: z.string().default(''),
  description: z.string().nullable().optional(),
  openedAt: isoTime.optional(),
  lastVisitAt: isoTime.nullable().optional(),
  copyToMaintenanceManager: z.boolean().default(false),
  /** About a common area: the building's tenants see it and may join it (issue 31). */
  commonArea: z.boolean().default(false),
  createdBy: z.string().optional(),
});

const patch = patchBody({
  status: z.enum(serviceCallStatuses),
  priority: z.enum(serviceCallPriorities),
  lastVisitAt: isoTime.nullable(),
  subject: z.string(),
  description: z.string(),
  domain: z.enum(serviceCallDomains),
  callType: z.enum(serviceCallTypes),
  reporterName: z.string(),
  reporterContactId: z.string().nullable(),
  copyToMaintenanceManager: z.boolean(),
});

const updateCreate = z.object({
  id: recordId,
  text: z.string(),
  createdAt: isoTime.optional(),
  createdBy: z.string().optional(),
  visibleToReporter: z.boolean().default(false),
});

const domainOf = (domain: string | null | undefined) => serviceCallDomains.find((d) => d === domain);

const callTabs = ['open', 'closed', 'planned'] as const;
type CallTab = (typeof callTabs)[number];
const isCallTab = (tab: string): tab is CallTab => (callTabs as readonly string[]).includes(tab);

/** Calls as the list answers them, newest first; `tabs`: only the calls of those tabs. */
export async function callsOf(db: Db, filter: Filter, options: { tabs?: readonly CallTab[]; since?: string } = {}): Promise<ServiceCall[]> {
  const records = await serviceCalls.list(db, filter, { orderBy: 'openedAt', desc: true, ...(options.since ? { since: options.since } : {}) });
  const { tabs } = options;
  if (!tabs) return records;
  const statuses = new Set<ServiceCallStatus>(serviceCallStatuses.filter((s) => tabs.some((tab) => tabOf(s) === tab)));
  return records.filter((r) => statuses.has(r.status));
}

/** A call's updates as its list answers them, oldest first. */
export const updatesOf = (db: Db, callId: string) => serviceCallUpdates.list(db, { serviceCallId: callId }, { orderBy: 'createdAt' });

/** The photos of a call and of its updates, as its files list answers them. */
export async function filesOfCall(db: Db, companyId: number, callId: string) {
  const updateIds = (await serviceCallUpdates.list(db, { serviceCallId: callId })).map((u) => u.id);
  return files.ofServiceCall(db, companyId, callId, updateIds);
}

export function serviceCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/binyan/service-calls', { config: { right: 'serviceCalls.read' } }, async (req) => {
    const q = queryOf(req);
    if (q.since && !isIsoInstant(q.since)) throw fail.validation({ field: 'since', messageKey: 'invalidDate' });
    const filter: Filter = q.buildingId ? { buildingId: (await loadBuilding(db, req, q.buildingId)).id } : await buildingFilter(db, req);
    const tab = q.tab || undefined;
    if (tab !== undefined && !isCallTab(tab)) throw fail.validation({ field: 'tab', messageKey: 'requiredField' });
    const records = await callsOf(db, filter, { ...(tab ? { tabs: [tab] } : {}), ...(q.since ? { since: q.since } : {}) });
    return { records, serverTime: ctx.nowIso() };
  });

  app.get('/api/binyan/service-calls/:id', { config: { right: 'serviceCalls.read' } }, async (req) => {
    const record = await loadOwned(db, req, serviceCalls, paramsOf(idParams, req).id);
    return { record, updates: await serviceCallUpdates.list(db, { serviceCallId: record.id }, { orderBy: 'createdAt' }) };
  });

  app.get('/api/binyan/service-calls/:id/updates', { config: { right: 'serviceCalls.read' } }, async (req) => {
    const call = await loadOwned(db, req, serviceCalls, paramsOf(idParams, req).id);
    return { records: await updatesOf(db, call.id) };
  });

  // Photos of a call and of its updates (uploaded with parentType serviceCalls / serviceCallUpdates),
  // so another device can show them; the bytes load through /files/getImg.
  app.get('/api/binyan/service-calls/:id/files', { config: { right: 'serviceCalls.read' } }, async (req) => {
    const call = await loadOwned(db, req, serviceCalls, paramsOf(idParams, req).id);
    return { records: await filesOfCall(db, authOf(req).companyId, call.id) };
  });
}

export const serviceCallsCommands = [
  defineCommand({
    method: 'POST',
    url: '/api/binyan/service-calls',
    right: 'serviceCalls.create',
    params: noParams,
    body: create,
    check: ({ body }) => {
      enforce(validateServiceCall({ buildingId: body.buildingId, domain: body.domain, description: body.description }));
      if (!domainOf(body.domain)) throw fail.validation({ field: 'domain', messageKey: 'requiredField' });
    },
    change: async (tx, { ctx, req, body }) => {
      await refuseExisting(tx, req, serviceCalls, body.id);
      const building = await loadBuilding(tx, req, body.buildingId);
      const { user, companyId } = authOf(req);
      const domain = domainOf(body.domain);
      if (!domain) throw fail.validation({ field: 'domain', messageKey: 'requiredField' });
      const now = ctx.nowIso();
      const description = (body.description ?? '').trim();
      const record: ServiceCall = {
        id: body.id,
        buildingId: building.id,
        callNumber: await serviceCalls.nextNumber(tx, companyId),
        callType: body.callType,
        domain,
        reporterContactId: body.reporterContactId ?? null,
        reporterName: body.reporterName.trim() || user.fullName,
        status: body.status,
        priority: body.priority,
        subject: body.subject.trim() || description.slice(0, 60),
        description,
        openedAt: body.openedAt ?? now,
        lastVisitAt: body.lastVisitAt ?? null,
        lastUpdateAt: now,
        closedAt: null,
        copyToMaintenanceManager: body.copyToMaintenanceManager,
        // Who did it comes from the session, never from the body.
        createdBy: user.workerGuid,
        commonArea: body.commonArea,
        version: 1,
        updatedAt: now,
      };
      await serviceCalls.insert(tx, record, companyId);
      return { status: 201, record };
    },
  }),

  defineCommand({
    method: 'PATCH',
    url: '/api/binyan/service-calls/:id',
    right: 'serviceCalls.update',
    params: idParams,
    body: patch,
    check: ({ body }) => {
      if (body.changes.description !== undefined) enforce(descriptionRule(body.changes.description));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const current = await loadOwned(tx, req, serviceCalls, params.id);
      checkVersion(current, body.baseVersion);
      const now = ctx.nowIso();
      const changes: Partial<ServiceCall> = { ...body.changes, lastUpdateAt: now };
      const to = body.changes.status;
      if (to !== undefined) {
        if (!canTransition(current.status, to)) throw fail.rule({ field: 'status', messageKey: 'invalidStatusTransition' }, { current });
        changes.closedAt = closedAtAfter(current.status, to, current.closedAt, now);
      }
      const record = bump(current, changes, now);
      await serviceCalls.update(tx, record);
      // The reporter and followers hear of a new status (messaging/callNotice.ts); sent after the commit.
      const noticeQueued = to !== undefined && to !== current.status && (await queueCallNotice(tx, record, authOf(req).companyId, now));
      return { record, after: noticeQueued };
    },
    effects: async ({ ctx }, noticeQueued) => {
      if (noticeQueued) ctx.messaging.kick();
    },
  }),

  defineCommand({
    method: 'DELETE',
    url: '/api/binyan/service-calls/:id',
    right: 'serviceCalls.delete',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { req, params, query }) => {
      const current = await loadOwned(tx, req, serviceCalls, params.id);
      checkVersion(current, baseVersionIn(query));
      await serviceCalls.remove(tx, params.id);
      return { record: current };
    },
  }),

  defineCommand({
    method: 'POST',
    url: '/api/binyan/service-calls/:id/updates',
    right: 'serviceCalls.update',
    params: idParams,
    body: updateCreate,
    check: ({ body }) => enforce(required('text', body.text)),
    change: async (tx, { ctx, req, params, body }) => {
      const call = await loadOwned(tx, req, serviceCalls, params.id);
      await refuseExisting(tx, req, serviceCallUpdates, body.id);
      const { user, companyId } = authOf(req);
      const now = ctx.nowIso();
      const record: ServiceCallUpdate = {
        id: body.id,
        serviceCallId: call.id,
        text: body.text.trim(),
        createdAt: body.createdAt ?? now,
        createdBy: user.fullName,
        visibleToReporter: body.visibleToReporter,
        fromReporter: false,
        authorUserId: null,
        version: 1,
        updatedAt: now,
      };
      await serviceCallUpdates.insert(tx, record, companyId);
      // An update is its own record: the call's lastUpdateAt follows it, but its version does not, so
      // an offline edit of the call made alongside the update does not conflict with it.
      await serviceCalls.touchLastUpdate(tx, call.id, now);
      return { status: 201, record };
    },
  }),
];
