// Photos another device attached to a call: listed by the server, downloaded once into `photos` as
// already-uploaded rows, so the detail shows them offline later like the ones taken here.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { isSessionExpired } from '../../api/errors';
import { serverFile, serverFiles } from '../../lib/answers';
import type { ServerFile } from '../../lib/answers';
import { db } from '../../db/db';
import type { PhotoRow } from '../../db/schema';
import { isOfflineCopy } from '../../sync/offlinePhotos';
import type { WantedPhoto } from '../../sync/offlinePhotos';
import { offlineCallsOf } from './serviceCallsRepo';

const owners = new Set(['serviceCalls', 'serviceCallUpdates']);

/** True when this device already holds the file (taken here, or downloaded before). */
async function isLocal(file: ServerFile): Promise<boolean> {
  const row = await db.photos.get(file.id);
  // A small offline copy (take the day offline) is replaced by the whole photo when online.
  if (row && !isOfflineCopy(row)) return true;
  const sameBytes = await db.photos.where('hash').equals(file.sha256).toArray();
  return sameBytes.some((p) => p.ownerId === file.parentId || p.fileId === file.id);
}

/** The photos the server holds for a call and its updates. */
export async function listServiceCallFiles(api: ApiClient, serviceCallId: string): Promise<ServerFile[]> {
  const body = answerOf(serverFiles, await api.request('GET', `service-calls/${serviceCallId}/files`));
  return (body.records ?? []).flatMap((record) => {
    const file = serverFile.safeParse(record);
    return file.success && owners.has(file.data.parentType) ? [file.data] : [];
  });
}

/** Downloads the photos of a call that are not on the device yet; returns how many were added. */
export async function pullServiceCallFiles(api: ApiClient, serviceCallId: string): Promise<number> {
  const files = await listServiceCallFiles(api, serviceCallId);
  let added = 0;
  for (const file of files) {
    if (await isLocal(file)) continue;
    const response = await api.raw('GET', 'files/getImg', { src: file.id }, { prefix: false });
    if (!response.ok) continue;
    const blob = await response.blob();
    const row: PhotoRow = {
      id: file.id,
      ownerTable: file.parentType,
      ownerId: file.parentId,
      role: 'attachment',
      blob,
      mime: file.mimeType,
      width: 0,
      height: 0,
      size: blob.size,
      hash: file.sha256,
      createdAt: file.createdAt,
      uploadState: 'uploaded',
      fileId: file.id,
    };
    await db.photos.put(row);
    added += 1;
  }
  return added;
}

/**
 * The server photos of the calls take the day offline keeps (open and planned, with their updates'),
 * building by building in the order given, newest call first (the photo budget keeps the first ones).
 */
export async function offlineCallPhotos(api: ApiClient, buildingIds: readonly number[]): Promise<WantedPhoto[]> {
  const wanted: WantedPhoto[] = [];
  for (const buildingId of buildingIds) {
    for (const call of await offlineCallsOf(buildingId)) {
      const files = await listServiceCallFiles(api, call.id).catch((error: unknown) => {
        if (isSessionExpired(error)) throw error;
        return [];
      });
      for (const file of files) wanted.push({ fileId: file.id, ownerTable: file.parentType, ownerId: file.parentId });
    }
  }
  return wanted;
}
