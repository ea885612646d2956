// Tenants report faults (issue 31 item 1; docs/api.md "Tenant service calls"). A tenant opens a call for
// their own apartment or a common area of their building (through the outbox: once per id and
// Idempotency-Key), follows it and the updates staff mark for them, comments while it is open, and joins
// a common-area call a neighbour reported instead of reporting it again. What the tenant reaches is
// http/tenantCallAccess.ts; what they see of a call and its updates is src/lib/domain/tenantCalls.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceCall, ServiceCallUpdate } from '../../../src/lib/domain/entities.ts';
import { serviceCallDomains } from '../../../src/lib/domain/entities.ts';
import type { TenantCall, TenantCallUpdate } from '../../../src/lib/domain/tenantCalls.ts';
import {
  TENANT_REPORTS_PER_DAY,
  isUpdateForTenant,
  tenantCallAreas,
  tenantMayComment,
  tenantReportSubject,
  validateTenantComment,
  validateTenantReport,
} from '../../../src/lib/domain/tenantCalls.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { callFollowers } from '../data/callFollowers.ts';
import { serviceCalls, serviceCallUpdates } from '../data/serviceCalls.ts';
import { refuseExisting } from '../http/access.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { recordId } from '../http/schemas.ts';
import { isTenantsCall, loadTenantCall, tenantHomeOf } from '../http/tenantCallAccess.ts';
import { filesOfCall } from './serviceCalls.ts';
import { defineCommand, preparedCommand } from '../http/command.ts';
import { idParams, noParams, paramsOf } from '../http/params.ts';

const reportBody = z.object({
  id: recordId,
  area: z.enum(tenantCallAreas),
  domain: z.string().max(40),
  subject: z.string().max(120).default(''),
  description: z.string().max(4000),
});
const commentBody = z.object({ id: recordId, text: z.string().max(4000) });

const DAY_MS = 24 * 60 * 60_000;

export function tenantCallOf(call: ServiceCall, userId: number, following: boolean): TenantCall {
  return {
    id: call.id,
    buildingId: call.buildingId,
    callNumber: call.callNumber,
    status: call.status,
    domain: call.domain,
    subject: call.subject,
    description: call.description,
    openedAt: call.openedAt,
    lastUpdateAt: call.lastUpdateAt,
    closedAt: call.closedAt,
    area: call.commonArea ? 'common' : 'apartment',
    mine: call.reporterUserId === userId,
    following,
  };
}

function tenantUpdateOf(update: ServiceCallUpdate, userId: number): TenantCallUpdate {
  return {
    id: update.id,
    serviceCallId: update.serviceCallId,
    text: update.text,
    createdAt: update.createdAt,
    fromReporter: update.fromReporter === true,
    mine: update.fromReporter === true && update.authorUserId === userId,
    author: update.createdBy,
  };
}

/** A call as the tenant sees it (with whether they follow it). */
async function viewOf(db: Db, req: FastifyRequest, call: ServiceCall): Promise<TenantCall> {
  const userId = authOf(req).user.id;
  return tenantCallOf(call, userId, (await callFollowers.followedBy(db, userId, [call.id])).has(call.id));
}

export function tenantServiceCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** The tenant's apartment's calls and the building's common-area calls, newest first. */
  app.get('/api/binyan/tenant/service-calls', { config: { right: 'tenantCalls.read' } }, async (req) => {
    const home = await tenantHomeOf(db, req);
    const { user, companyId } = authOf(req);
    const own = await serviceCalls.list(db, { companyId, buildingId: home.buildingId, apartmentId: home.apartmentId }, { orderBy: 'openedAt', desc: true });
    const common = await serviceCalls.list(db, { companyId, buildingId: home.buildingId, commonArea: true }, { orderBy: 'openedAt', desc: true, limit: 100 });
    const calls = [...own, ...common.filter((c) => isTenantsCall(c, home) && !own.some((o) => o.id === c.id))].sort((a, b) =>
      b.openedAt.localeCompare(a.openedAt),
    );
    const followed = await callFollowers.followedBy(
      db,
      user.id,
      calls.map((c) => c.id),
    );
    return { records: calls.map((c) => tenantCallOf(c, user.id, followed.has(c.id))), serverTime: ctx.nowIso() };
  });

  app.get('/api/binyan/tenant/service-calls/:id', { config: { right: 'tenantCalls.read' } }, async (req) => {
    const { call } = await loadTenantCall(db, req, paramsOf(idParams, req).id);
    const { user, companyId } = authOf(req);
    const updates = (await serviceCallUpdates.list(db, { serviceCallId: call.id }, { orderBy: 'createdAt' })).filter((u) => isUpdateForTenant(u, user.id));
    const shownUpdates = new Set(updates.map((u) => u.id));
    // The call's photos, and those of the updates the tenant sees; the bytes load through /files/getImg.
    const photos = (await filesOfCall(db, companyId, call.id)).filter((f) => f.parentType === 'serviceCalls' || shownUpdates.has(f.parentId));
    return {
      record: await viewOf(db, req, call),
      updates: updates.map((u) => tenantUpdateOf(u, user.id)),
      files: photos.map((f) => ({ id: f.id, parentType: f.parentType, parentId: f.parentId, mimeType: f.mimeType })),
    };
  });
}

export const tenantServiceCallsCommands = [
  /** A comment of the tenant while the call is open; writing on a common-area call follows it. */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/tenant/service-calls/:id/comments',
    right: 'tenantCalls.report',
    params: idParams,
    body: commentBody,
    bodyOptional: true,
    check: ({ body }) => {
      enforce(validateTenantComment(body.text));
    },
    change: async (tx, { ctx, req, params, body }) => {
      const { id } = params;
      const { call, home } = await loadTenantCall(tx, req, id);
      const { user, companyId } = authOf(req);
      const existing = await serviceCallUpdates.find(tx.unguarded, body.id);
      if (existing) {
        if (existing.companyId === companyId && existing.entity.serviceCallId === call.id && existing.entity.authorUserId === user.id)
          throw fail.exists(tenantUpdateOf(existing.entity, user.id));
        throw fail.idTaken();
      }
      if (!tenantMayComment(call.status)) throw fail.rule({ field: 'text', messageKey: 'callClosedForComments' });
      const now = ctx.nowIso();
      const record: ServiceCallUpdate = {
        id: body.id,
        serviceCallId: call.id,
        text: body.text.trim(),
        createdAt: now,
        createdBy: user.fullName,
        fromReporter: true,
        visibleToReporter: false,
        authorUserId: user.id,
        version: 1,
        updatedAt: now,
      };
      await serviceCallUpdates.insert(tx, record, companyId);
      await serviceCalls.touchLastUpdate(tx, call.id, now);
      if (call.commonArea && call.reporterUserId !== user.id)
        await callFollowers.add(tx, { serviceCallId: call.id, userId: user.id, companyId, contactId: home.contactId, createdAt: now });
      return { status: 201, record: tenantUpdateOf(record, user.id) };
    },
  }),

  /** "Already reported": the tenant joins a common-area call of their building and hears of it from now on. */
  defineCommand({
    method: 'POST',
    url: '/api/binyan/tenant/service-calls/:id/join',
    right: 'tenantCalls.report',
    params: idParams,
    body: z.unknown(),
    change: async (tx, { ctx, req, params }) => {
      const { id } = params;
      const { call, home } = await loadTenantCall(tx, req, id);
      if (!call.commonArea) throw fail.notFound();
      const { user, companyId } = authOf(req);
      if (call.reporterUserId !== user.id)
        await callFollowers.add(tx, { serviceCallId: call.id, userId: user.id, companyId, contactId: home.contactId, createdAt: ctx.nowIso() });
      return { record: tenantCallOf(call, user.id, call.reporterUserId !== user.id) };
    },
  }),

  preparedCommand({
    method: 'POST',
    url: '/api/binyan/tenant/service-calls',
    right: 'tenantCalls.report',
    params: noParams,
    body: reportBody,
    bodyOptional: true,
    prepare: ({ body }) => {
      enforce(validateTenantReport(body));
      const domain = serviceCallDomains.find((d) => d === body.domain);
      if (!domain) throw fail.validation({ field: 'domain', messageKey: 'requiredField' });
      return { domain };
    },
    change: async (tx, { ctx, req, body }, { domain }) => {
      const home = await tenantHomeOf(tx, req);
      await refuseExisting(tx, req, serviceCalls, body.id, (c) => (isTenantsCall(c, home) ? tenantCallOf(c, authOf(req).user.id, false) : { id: c.id }));
      const { user, companyId } = authOf(req);
      const now = ctx.nowIso();
      if ((await serviceCalls.reportedSince(tx, user.id, new Date(Date.parse(now) - DAY_MS).toISOString())) >= TENANT_REPORTS_PER_DAY)
        throw new ApiError(429, 'TOO_MANY_REQUESTS', 'tenantReportsPerDay');
      const description = body.description.trim();
      const record: ServiceCall = {
        id: body.id,
        buildingId: home.buildingId,
        callNumber: await serviceCalls.nextNumber(tx, companyId),
        callType: 'fault',
        domain,
        // Staff see who reported it: the tenant's contact and name, from the session.
        reporterContactId: home.contactId,
        reporterName: user.fullName,
        status: 'open',
        priority: 'normal',
        subject: tenantReportSubject(description, body.subject),
        description,
        openedAt: now,
        lastVisitAt: null,
        lastUpdateAt: now,
        closedAt: null,
        copyToMaintenanceManager: false,
        createdBy: user.userName,
        apartmentId: body.area === 'apartment' ? home.apartmentId : null,
        commonArea: body.area === 'common',
        reporterUserId: user.id,
        version: 1,
        updatedAt: now,
      };
      await serviceCalls.insert(tx, record, companyId);
      return { status: 201, record: tenantCallOf(record, user.id, false) };
    },
  }),
];
