// The service-calls repository: the only way screens change calls and their updates. Each function is
// one user action = the row(s) + one outbox entry in one transaction (src/sync/README.md).
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/errors';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { ServiceCallRow, ServiceCallUpdateRow } from '../../db/schema';
import type { ServiceCall, ServiceCallStatus, ServiceCallTab } from '../../lib/domain/entities';
import { eachLimited } from '../../lib/eachLimited';
import { canTransition, closedAtAfter, tabOf } from '../../lib/domain/serviceCallStatus';
import { description as descriptionRule, refuse, RuleError, validateServiceCall } from '../../lib/validation/rules';
import { api, callWithRelogin } from '../../session/api';
import { currentActor } from '../../sync/write/actor';
import type { Actor } from '../../sync/write/actor';
import { photoRowOf } from '../../sync/write/photos';
import type { CompressedPhoto } from '../../sync/write/photos';
import { pullInto } from '../../sync/replay/pull';
import { changeRecord, createRecord, deleteRecord, writeChanges } from '../../sync/write/writePath';
import type { Change } from '../../sync/write/writePath';
import type { ChangeOp } from '../../sync/write/outboxSubjects';

export type NewServiceCall = Pick<ServiceCall, 'buildingId' | 'domain' | 'description'> &
  Partial<Pick<ServiceCall, 'callType' | 'reporterContactId' | 'reporterName' | 'priority' | 'subject' | 'copyToMaintenanceManager' | 'lastVisitAt'>> & {
    status?: 'open' | 'planned';
  };

export type EditableFields = Partial<
  Pick<
    ServiceCall,
    'subject' | 'description' | 'priority' | 'domain' | 'callType' | 'reporterName' | 'reporterContactId' | 'copyToMaintenanceManager' | 'lastVisitAt'
  >
>;

const path = (id: string) => `service-calls/${id}`;

/** Opens a call with a client UUID (kept by the server), optionally with photos. Returns the id. */
export async function createServiceCall(input: NewServiceCall, photos: readonly CompressedPhoto[] = []): Promise<string> {
  refuse(validateServiceCall(input));
  const actor = await currentActor();
  const id = newId();
  const now = new Date().toISOString();
  const record: ServiceCall = {
    id,
    buildingId: input.buildingId,
    callNumber: null,
    callType: input.callType ?? 'fault',
    domain: input.domain,
    reporterContactId: input.reporterContactId ?? null,
    // The server records the signed-in worker when no reporter is named: show that at once, offline too.
    reporterName: input.reporterName?.trim() || actor.displayName,
    status: input.status ?? 'open',
    priority: input.priority ?? 'normal',
    subject: input.subject ?? '',
    description: input.description,
    openedAt: now,
    lastVisitAt: input.lastVisitAt ?? null,
    lastUpdateAt: now,
    closedAt: null,
    copyToMaintenanceManager: input.copyToMaintenanceManager ?? false,
    createdBy: actor.workerGuid || actor.userName,
    version: 0,
    updatedAt: now,
  };
  const { callNumber: _n, lastUpdateAt: _l, closedAt: _c, version: _v, updatedAt: _u, ...payload } = record;
  const row: ServiceCallRow = { ...record, tab: tabOf(record.status), syncState: 'local' };
  const photoRows = photos.map((p) => photoRowOf(p, 'serviceCalls', id, 'attachment'));
  await createRecord({
    table: 'serviceCalls',
    id,
    row,
    path: 'service-calls',
    payload,
    userKey: actor.userKey,
    refetchPath: path(id),
    uploads: { photos: photoRows, createdBy: actor.userId },
  });
  return id;
}

/** Changes fields of a call (not its status: use changeStatus). */
export async function updateServiceCall(id: string, changes: EditableFields): Promise<void> {
  if (changes.description !== undefined) refuse(validateServiceCall({ buildingId: 0, domain: 'general', description: changes.description }));
  const actor = await currentActor();
  const now = new Date().toISOString();
  await changeRecord({
    table: 'serviceCalls',
    id,
    changes,
    rowChanges: { lastUpdateAt: now },
    request: { path: path(id) },
    userKey: actor.userKey,
    refetchPath: path(id),
  });
}

/** The status change of a call, refused in the transaction when the rules do not allow it. */
function statusChange(id: string, to: ServiceCallStatus, op: ChangeOp): Change {
  const now = new Date().toISOString();
  return {
    kind: 'change',
    table: 'serviceCalls',
    id,
    op,
    changes: { status: to },
    guard: (row) => {
      if (!canTransition(row.status, to)) throw new RuleError({ field: 'status', messageKey: 'invalidStatusTransition' });
    },
    rowChanges: (row) => ({ closedAt: closedAtAfter(row.status, to, row.closedAt, now), lastUpdateAt: now }),
    request: { path: path(id) },
    refetchPath: path(id),
  };
}

/** Moves a call to another status if the rules allow it (src/lib/domain/serviceCallStatus.ts). */
export async function changeStatus(id: string, to: ServiceCallStatus, op: ChangeOp = 'status'): Promise<void> {
  const actor = await currentActor();
  await writeChanges({ userKey: actor.userKey }, [statusChange(id, to, op)]);
}

export const closeServiceCall = (id: string) => changeStatus(id, 'closed', 'close');
export const cancelServiceCall = (id: string) => changeStatus(id, 'cancelled', 'cancel');

export async function setLastVisit(id: string, at: string): Promise<void> {
  await updateServiceCall(id, { lastVisitAt: at });
}

/** Deletes the call here now; the server deletes it (and its updates) when the entry replays. */
export async function deleteServiceCall(id: string): Promise<void> {
  const actor = await currentActor();
  await deleteRecord({ table: 'serviceCalls', id, path: path(id), userKey: actor.userKey, refetchPath: path(id) });
}

/** A new update of a call; it waits for the call when that was created offline too. */
function updateOf(serviceCallId: string, text: string, actor: Actor, visibleToReporter = false): Change & { id: string } {
  const id = newId();
  const now = new Date().toISOString();
  const row: ServiceCallUpdateRow = {
    id,
    serviceCallId,
    text: text.trim(),
    createdAt: now,
    createdBy: actor.displayName,
    visibleToReporter,
    version: 0,
    updatedAt: now,
    syncState: 'local',
  };
  return {
    kind: 'create',
    table: 'serviceCallUpdates',
    id,
    row,
    path: `${path(serviceCallId)}/updates`,
    payload: { id, text: row.text, createdAt: now, ...(visibleToReporter ? { visibleToReporter } : {}) },
    dependsOn: [entityKeyOf('serviceCalls', serviceCallId)],
  };
}

/** An update (text + photos) of a call; `visibleToReporter`: the tenant who reported it sees it (issue 31). Returns its id. */
export async function addUpdate(serviceCallId: string, text: string, photos: readonly CompressedPhoto[] = [], visibleToReporter = false): Promise<string> {
  refuse(text.trim() === '' ? { field: 'text', messageKey: 'requiredField' } : null);
  const actor = await currentActor();
  const update = updateOf(serviceCallId, text, actor, visibleToReporter);
  const photoRows = photos.map((p) => photoRowOf(p, 'serviceCallUpdates', update.id, 'attachment'));
  await writeChanges({ userKey: actor.userKey, uploads: { photos: photoRows, createdBy: actor.userId } }, [update]);
  return update.id;
}

/**
 * "Join an existing call": the reporter's description (and photos) become an update of that call
 * instead of a second call about the same problem.
 */
export async function joinServiceCall(serviceCallId: string, description: string, photos: readonly CompressedPhoto[] = []): Promise<string> {
  refuse(descriptionRule(description));
  return addUpdate(serviceCallId, description, photos);
}

/**
 * Closes a call; a closing message (offered for calls open a long time) is recorded first as the
 * call's last update, so the reporter sees why it was closed. One user action: the update and the
 * close commit together, and nothing is written when the call may not be closed from its status.
 */
export async function closeWithMessage(id: string, message: string | null): Promise<void> {
  const actor = await currentActor();
  const close = statusChange(id, 'closed', 'close');
  const changes = message !== null && message.trim() !== '' ? [updateOf(id, message, actor), close] : [close];
  await writeChanges({ userKey: actor.userKey }, changes);
}

/** Refreshes one tab of the list (of a building, or of the company), keeping local changes. */
export async function pullServiceCalls(api: ApiClient, query: { buildingId?: number; tab: ServiceCallTab }) {
  return pullInto(api, {
    table: 'serviceCalls',
    path: 'service-calls',
    query,
    scope: (row) => row.tab === query.tab && (query.buildingId === undefined || row.buildingId === query.buildingId),
  });
}

/** The open calls of the company, with the page's client (what the buildings list counts). */
export const pullOpenCalls = () => callWithRelogin(() => pullServiceCalls(api, { tab: 'open' }));

/** Refreshes the updates of one call (those not sent yet are kept). */
export function pullServiceCallUpdates(api: ApiClient, id: string) {
  return pullInto(api, { table: 'serviceCallUpdates', path: `${path(id)}/updates`, scope: (row) => row.serviceCallId === id });
}

/** Refreshes one call and its updates. */
export async function pullServiceCall(api: ApiClient, id: string) {
  const call = await pullInto(api, { table: 'serviceCalls', path: path(id) });
  const updates = await pullServiceCallUpdates(api, id);
  return { call, updates };
}

/** The tabs whose calls take the day offline keeps with their history (a closed call is done with). */
export const offlineCallTabs = ['open', 'planned'] as const satisfies readonly ServiceCallTab[];

/** The building's open and planned calls on the device that the server knows (made here and sent, or pulled). */
export async function offlineCallsOf(buildingId: number): Promise<ServiceCallRow[]> {
  const calls = await db.serviceCalls
    .where('[buildingId+tab]')
    .anyOf(offlineCallTabs.map((tab) => [buildingId, tab]))
    .toArray();
  return calls.filter((call) => call.callNumber !== null).sort((a, b) => (a.openedAt < b.openedAt ? 1 : -1));
}

/**
 * A building's calls for the day offline: its open and planned lists, then the updates of each of
 * those calls, so a call opened in the basement shows its history. A call the server removed in
 * between (404) has no history to keep.
 */
export async function pullCallsWithHistory(api: ApiClient, buildingId: number, parallel = 3) {
  for (const tab of offlineCallTabs) await pullServiceCalls(api, { buildingId, tab });
  await eachLimited(await offlineCallsOf(buildingId), parallel, async (call) => {
    try {
      await pullServiceCallUpdates(api, call.id);
    } catch (error) {
      if (!(isApiError(error) && error.status === 404)) throw error;
    }
  });
}
