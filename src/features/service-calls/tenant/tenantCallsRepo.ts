// A tenant's service calls (issue 31 item 1). Reporting a fault, commenting and joining a neighbour's
// common-area call go through the outbox like every change (kept on the device offline, sent once; the
// photos ride behind their call or comment, src/sync/write/photos.ts). What the server answered last is kept
// per user in `meta`, so the screens read it offline and say when it is not fresh.
import { answerOf } from '../../../api/answers';
import { db } from '../../../db/db';
import { newId } from '../../../db/mutate';
import type { ServiceCallRow, ServiceCallUpdateRow } from '../../../db/schema';
import type { ServiceCallDomain } from '../../../lib/domain/entities';
import type { TenantCallArea } from '../../../lib/domain/tenantCalls';
import { tenantReportSubject, validateTenantComment, validateTenantReport } from '../../../lib/domain/tenantCalls';
import { tenantCallDetail, tenantCallList } from '../../../lib/tenantCallAnswers';
import type { TenantCallAnswer, TenantCallDetail } from '../../../lib/tenantCallAnswers';
import { refuse } from '../../../lib/validation/rules';
import { api, callWithRelogin } from '../../../session/api';
import { currentActor } from '../../../sync/write/actor';
import { photoRowOf } from '../../../sync/write/photos';
import type { CompressedPhoto } from '../../../sync/write/photos';
import { createRecord } from '../../../sync/write/writePath';
import { entityKeyOf } from '../../../db/mutate';
import type { MetaOutboxKey } from '../../../sync/write/outboxSubjects';

export const TENANT_CALLS_PREFIX = 'tenant.calls:';
export const TENANT_CALL_PREFIX = 'tenant.call:';
export const JOIN_PREFIX = 'tenantCall.join:';

const base = 'tenant/service-calls';

export async function listKey(): Promise<string> {
  return `${TENANT_CALLS_PREFIX}${(await currentActor()).userKey}`;
}

export async function detailKey(id: string): Promise<string> {
  return `${TENANT_CALL_PREFIX}${(await currentActor()).userKey}:${id}`;
}

export type StoredList = { records: TenantCallAnswer[]; fetchedAt: string };
export type StoredDetail = TenantCallDetail & { fetchedAt: string };

/** Fetches the tenant's calls and keeps them for offline reading. */
export async function pullTenantCalls(): Promise<void> {
  const answer = answerOf(tenantCallList, await callWithRelogin(() => api.request('GET', base)));
  await db.meta.put({ key: await listKey(), value: { records: answer.records, fetchedAt: new Date().toISOString() } satisfies StoredList });
}

export async function pullTenantCall(id: string): Promise<void> {
  const answer = answerOf(tenantCallDetail, await callWithRelogin(() => api.request('GET', `${base}/${encodeURIComponent(id)}`)));
  await db.meta.put({ key: await detailKey(id), value: { ...answer, fetchedAt: new Date().toISOString() } satisfies StoredDetail });
}

export async function storedList(key: string): Promise<StoredList | null> {
  const value = (await db.meta.get(key))?.value;
  const checked = tenantCallList.safeParse(value);
  if (!checked.success || typeof (value as { fetchedAt?: unknown }).fetchedAt !== 'string') return null;
  return { records: checked.data.records, fetchedAt: String((value as { fetchedAt: string }).fetchedAt) };
}

export async function storedDetail(key: string): Promise<StoredDetail | null> {
  const value = (await db.meta.get(key))?.value;
  const checked = tenantCallDetail.safeParse(value);
  if (!checked.success) return null;
  const fetchedAt = (value as { fetchedAt?: unknown }).fetchedAt;
  return { ...checked.data, fetchedAt: typeof fetchedAt === 'string' ? fetchedAt : '' };
}

/** Reports made on this device that the server has not answered yet (offline, or on their way). */
export function pendingReports(): Promise<ServiceCallRow[]> {
  return db.serviceCalls.filter((row) => row.syncState !== 'synced' && row.reporterUserId !== undefined).toArray();
}

/** Comments written on this device for a call, not answered yet. */
export function pendingComments(serviceCallId: string): Promise<ServiceCallUpdateRow[]> {
  return db.serviceCallUpdates
    .where('serviceCallId')
    .equals(serviceCallId)
    .filter((row) => row.syncState !== 'synced')
    .toArray();
}

export type NewTenantReport = { area: TenantCallArea | null; domain: ServiceCallDomain | null; description: string };

/** Reports a fault (with photos): stored with its outbox entry in one transaction. Returns the call's id. */
export async function reportFault(input: NewTenantReport, photos: readonly CompressedPhoto[] = []): Promise<string> {
  refuse(validateTenantReport(input));
  const actor = await currentActor();
  const id = newId();
  const now = new Date().toISOString();
  const description = input.description.trim();
  const subject = tenantReportSubject(description);
  const area = input.area ?? 'apartment';
  const domain = input.domain ?? 'general';
  const row: ServiceCallRow = {
    id,
    buildingId: 0,
    callNumber: null,
    callType: 'fault',
    domain,
    reporterContactId: null,
    reporterName: actor.displayName,
    status: 'open',
    priority: 'normal',
    subject,
    description,
    openedAt: now,
    lastVisitAt: null,
    lastUpdateAt: now,
    closedAt: null,
    copyToMaintenanceManager: false,
    createdBy: actor.userName,
    commonArea: area === 'common',
    reporterUserId: actor.userId,
    version: 0,
    updatedAt: now,
    tab: 'open',
    syncState: 'local',
  };
  await createRecord({
    table: 'serviceCalls',
    id,
    row,
    path: base,
    payload: { id, area, domain, subject, description },
    userKey: actor.userKey,
    refetchPath: `${base}/${id}`,
    uploads: { photos: photos.map((p) => photoRowOf(p, 'serviceCalls', id, 'attachment')), createdBy: actor.userId },
  });
  return id;
}

/** A comment (with photos) on an open call; it waits for the call when that was reported offline too. */
export async function addComment(serviceCallId: string, text: string, photos: readonly CompressedPhoto[] = []): Promise<string> {
  refuse(validateTenantComment(text));
  const actor = await currentActor();
  const id = newId();
  const now = new Date().toISOString();
  const row: ServiceCallUpdateRow = {
    id,
    serviceCallId,
    text: text.trim(),
    createdAt: now,
    createdBy: actor.displayName,
    fromReporter: true,
    version: 0,
    updatedAt: now,
    syncState: 'local',
  };
  await createRecord({
    table: 'serviceCallUpdates',
    id,
    row,
    path: `${base}/${serviceCallId}/comments`,
    payload: { id, text: row.text },
    dependsOn: [entityKeyOf('serviceCalls', serviceCallId)],
    userKey: actor.userKey,
    uploads: { photos: photos.map((p) => photoRowOf(p, 'serviceCallUpdates', id, 'attachment')), createdBy: actor.userId },
  });
  return id;
}

/** Joins a neighbour's common-area call ("already reported"): heard of like one's own from then on. */
export async function joinCall(serviceCallId: string): Promise<void> {
  const actor = await currentActor();
  const key: MetaOutboxKey = `${JOIN_PREFIX}${serviceCallId}`;
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value: { serviceCallId, at: new Date().toISOString() } },
    path: `${base}/${serviceCallId}/join`,
    payload: {},
    userKey: actor.userKey,
  });
}

/** Joined on this device (sent or still waiting). */
export async function joinedHere(serviceCallIds: readonly string[]): Promise<Set<string>> {
  const rows = await db.meta.bulkGet(serviceCallIds.map((id) => `${JOIN_PREFIX}${id}`));
  return new Set(rows.flatMap((row) => (row ? [row.key.slice(JOIN_PREFIX.length)] : [])));
}
