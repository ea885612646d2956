// Records to replay in the sync tests, written through the write path the way a repository does:
// service calls (create, edit, status, delete) and their updates with photos. The sync layer's tests
// use these instead of a feature's repository, so src/sync depends on no feature even in its tests.
import { entityKeyOf, newId } from '../../db/mutate';
import type { ServiceCallRow } from '../../db/schema';
import type { ServiceCall, ServiceCallDomain, ServiceCallStatus } from '../../lib/domain/entities';
import { currentActor } from '../write/actor';
import { photoRowOf } from '../write/photos';
import type { CompressedPhoto } from '../write/photos';
import { changeRecord, createRecord, deleteRecord, writeChanges } from '../write/writePath';

type NewCall = { buildingId: number; domain: ServiceCallDomain; description: string };
type Fields = Partial<Pick<ServiceCall, 'subject' | 'description' | 'priority'>>;

const pathOf = (id: string) => `service-calls/${id}`;

export async function createServiceCall(input: NewCall, photos: readonly CompressedPhoto[] = []): Promise<string> {
  const actor = await currentActor();
  const id = newId();
  const at = new Date().toISOString();
  const sent: Omit<ServiceCall, 'callNumber' | 'lastUpdateAt' | 'closedAt' | 'version' | 'updatedAt'> = {
    ...input,
    id,
    status: 'open',
    priority: 'normal',
    callType: 'fault',
    subject: '',
    reporterName: '',
    reporterContactId: null,
    copyToMaintenanceManager: false,
    openedAt: at,
    lastVisitAt: null,
    createdBy: actor.workerGuid,
  };
  const row: ServiceCallRow = { ...sent, callNumber: null, lastUpdateAt: at, closedAt: null, version: 0, updatedAt: at, tab: 'open', syncState: 'local' };
  const uploads = { photos: photos.map((p) => photoRowOf(p, 'serviceCalls', id, 'attachment')), createdBy: actor.userId };
  await writeChanges({ userKey: actor.userKey, uploads }, [
    { kind: 'create', table: 'serviceCalls', id, row, path: 'service-calls', payload: sent, refetchPath: pathOf(id) },
  ]);
  return id;
}

export async function updateServiceCall(id: string, changes: Fields): Promise<void> {
  const actor = await currentActor();
  await changeRecord({ table: 'serviceCalls', id, changes, request: { path: pathOf(id) }, userKey: actor.userKey, refetchPath: pathOf(id) });
}

export async function changeStatus(id: string, to: ServiceCallStatus): Promise<void> {
  const actor = await currentActor();
  await changeRecord({
    table: 'serviceCalls',
    id,
    op: 'status',
    changes: { status: to },
    request: { path: pathOf(id) },
    userKey: actor.userKey,
    refetchPath: pathOf(id),
  });
}

export async function deleteServiceCall(id: string): Promise<void> {
  const actor = await currentActor();
  await deleteRecord({ table: 'serviceCalls', id, path: pathOf(id), userKey: actor.userKey, refetchPath: pathOf(id) });
}

/** An update of a call (with photos), which waits for the call when the call was made offline too. */
export async function addUpdate(serviceCallId: string, text: string, photos: readonly CompressedPhoto[] = []): Promise<string> {
  const actor = await currentActor();
  const id = newId();
  const at = new Date().toISOString();
  const photoRows = photos.map((p) => photoRowOf(p, 'serviceCallUpdates', id, 'attachment'));
  await createRecord({
    table: 'serviceCallUpdates',
    id,
    row: { id, serviceCallId, text, createdAt: at, createdBy: actor.userName, version: 0, updatedAt: at, syncState: 'local' },
    path: `${pathOf(serviceCallId)}/updates`,
    payload: { id, text, createdAt: at, createdBy: actor.userName },
    dependsOn: [entityKeyOf('serviceCalls', serviceCallId)],
    userKey: actor.userKey,
    uploads: { photos: photoRows, createdBy: actor.userId },
  });
  return id;
}
