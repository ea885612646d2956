// Photos another device attached to a call: listed by the server, downloaded once into `photos` as
// already-uploaded rows, so the detail shows them offline later like the ones taken here.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { isSessionExpired } from '../../api/errors';
import { serverFile, serverFiles } from '../../lib/answers';
import type { ServerFile } from '../../lib/answers';
import { db } from '../../db/db';
import type { PhotoRow } from '../../db/schema';
import { isOfflineCopy } from '../../sync/replay/offlinePhotos';
import type { WantedPhoto } from '../../sync/replay/offlinePhotos';
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

// The photo lists of the day's calls as the incremental pull brings them (src/app/takeDayFeed.ts): one
// typed `meta` row per call with photos, so the take's photo step asks the server nothing more.
const LISTED = 'callFiles:';

type ListedFiles = { id: string; buildingId: number; files: ServerFile[] };

function listedOf(value: unknown): ListedFiles | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, buildingId, files } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof buildingId !== 'number' || !Array.isArray(files)) return null;
  const kept = files.flatMap((f) => {
    const file = serverFile.safeParse(f);
    return file.success && owners.has(file.data.parentType) ? [file.data] : [];
  });
  return { id, buildingId, files: kept };
}

/** Keeps the pulled photo lists; `prune` selects kept lists the pull stands for (those it did not send go). */
export async function keepListedCallFiles(records: readonly Record<string, unknown>[], prune?: (row: Record<string, unknown>) => boolean): Promise<void> {
  const lists = records.flatMap((r) => {
    const listed = listedOf(r);
    return listed ? [listed] : [];
  });
  await db.transaction('rw', db.meta, async () => {
    if (prune) {
      const sent = new Set(lists.map((l) => `${LISTED}${l.id}`));
      const kept = await db.meta.where('key').startsWith(LISTED).toArray();
      await db.meta.bulkDelete(kept.filter((row) => !sent.has(row.key) && prune({ ...listedOf(row.value) })).map((row) => row.key));
    }
    await db.meta.bulkPut(lists.map((value) => ({ key: `${LISTED}${value.id}`, value })));
  });
}

export async function forgetListedCallFiles(callIds: readonly (string | number)[], inScope: (row: Record<string, unknown>) => boolean): Promise<void> {
  const rows = await db.meta.bulkGet(callIds.map((id) => `${LISTED}${String(id)}`));
  await db.meta.bulkDelete(rows.flatMap((row) => (row && inScope({ ...listedOf(row.value) }) ? [row.key] : [])));
}

/**
 * The server photos of the calls take the day offline keeps (open and planned, with their updates'),
 * building by building in the order given, newest call first (the photo budget keeps the first ones).
 * `listed`: the incremental pull brought the lists (a call without one has no photo); else each call's
 * list is asked for.
 */
export async function offlineCallPhotos(api: ApiClient, buildingIds: readonly number[], options: { listed?: boolean } = {}): Promise<WantedPhoto[]> {
  const wanted: WantedPhoto[] = [];
  for (const buildingId of buildingIds) {
    for (const call of await offlineCallsOf(buildingId)) {
      const files = options.listed
        ? (listedOf((await db.meta.get(`${LISTED}${call.id}`))?.value)?.files ?? [])
        : await listServiceCallFiles(api, call.id).catch((error: unknown) => {
            if (isSessionExpired(error)) throw error;
            return [];
          });
      for (const file of files) wanted.push({ fileId: file.id, ownerTable: file.parentType, ownerId: file.parentId });
    }
  }
  return wanted;
}
