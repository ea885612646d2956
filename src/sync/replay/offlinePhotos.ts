// Small copies of server photos kept on the device for the day offline (take the day offline): a worker
// comparing today's meter with last month's photo, or looking at the picture of an open call, sees it
// in the basement. They are `photos` rows of role 'offlineCopy' (already uploaded, never sent), kept
// within a storage budget; the copies of an earlier day that today's list does not name are removed.
// Photos taken here keep their full size only until it is on the server: `shrinkSentPhotos` then puts
// the server's small version in its place (the same row, marked `small`).
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { entityKeyOf } from '../../db/mutate';
import type { PhotoRow } from '../../db/schema';

export const OFFLINE_COPY_ROLE = 'offlineCopy';
/** What the offline copies may take on the device (small JPEGs are 20–60 KB each). */
export const OFFLINE_PHOTO_BUDGET_BYTES = 20 * 1024 * 1024;

/** A server photo the day needs, and the record it belongs to. */
export type WantedPhoto = { fileId: string; ownerTable: string; ownerId: string };

export type OfflinePhotosProgress = { stored: number; bytes: number; budget: number; skipped: number };

export function offlineCopyId(wanted: WantedPhoto): string {
  return wanted.ownerTable === 'meterReadings' ? `offline:${wanted.ownerTable}:${wanted.ownerId}` : wanted.fileId;
}

export function isOfflineCopy(row: Pick<PhotoRow, 'role'>): boolean {
  return row.role === OFFLINE_COPY_ROLE;
}

/** A small version on the device (a copy of the day, or a sent photo whose full size was removed): online, the server's full photo is better. */
export function isSmallCopy(row: Pick<PhotoRow, 'role' | 'small'>): boolean {
  return isOfflineCopy(row) || row.small === true;
}

async function download(api: ApiClient, fileId: string): Promise<Blob | null> {
  try {
    const response = await api.raw('GET', 'files/getImg', { src: fileId, size: 'small' }, { prefix: false });
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

/** Small copies asked for in one request (GET files/smallImages, the server's limit). */
export const SMALL_IMAGES_PER_REQUEST = 30;

/** Providers without the call (404/405/501 on it): one request per photo for the rest of the page's life. */
const withoutBatch = new WeakSet<ApiClient>();

/**
 * The small copies of `fileIds` in as few requests as the server allows (a multipart answer, one part
 * per file it lets the user read); a photo the answer leaves out is null. Falls back to one request each.
 */
async function downloadAll(api: ApiClient, fileIds: readonly string[]): Promise<Map<string, Blob | null>> {
  const found = new Map<string, Blob | null>();
  if (!withoutBatch.has(api)) {
    try {
      const response = await api.raw('GET', 'files/smallImages', { src: fileIds.join(',') }, { prefix: false });
      if ([404, 405, 501].includes(response.status)) withoutBatch.add(api);
      else if (response.ok) {
        const parts = await response.formData();
        for (const id of fileIds) {
          const part = parts.get(id);
          found.set(id, typeof part === 'string' || part === null ? null : new Blob([part], { type: part.type || 'image/jpeg' }));
        }
        return found;
      }
    } catch {
      // Cut off: each photo alone below.
    }
  }
  for (const id of fileIds) found.set(id, await download(api, id));
  return found;
}

/**
 * Stores the small versions of `wanted` (in priority order) until the budget is used; copies no longer
 * wanted are removed first. Photos already on the device (taken here or downloaded in full) are skipped.
 */
export async function keepOfflineCopies(
  api: ApiClient,
  wanted: readonly WantedPhoto[],
  options: { budget?: number; onProgress?: (progress: OfflinePhotosProgress) => void } = {},
): Promise<OfflinePhotosProgress> {
  const budget = options.budget ?? OFFLINE_PHOTO_BUDGET_BYTES;
  const wantedIds = new Set(wanted.map(offlineCopyId));
  const copies = await db.photos.filter(isOfflineCopy).toArray();
  await db.photos.bulkDelete(copies.filter((row) => !wantedIds.has(row.id)).map((row) => row.id));

  const progress: OfflinePhotosProgress = { stored: 0, bytes: 0, budget, skipped: 0 };
  const kept = new Map(copies.filter((row) => wantedIds.has(row.id)).map((row) => [row.id, row]));
  for (const row of kept.values()) progress.bytes += row.size;
  options.onProgress?.({ ...progress });

  // The photos to fetch, in order; fetched a request's worth ahead of where the budget stands.
  const missing: { item: WantedPhoto; id: string }[] = [];
  for (const item of wanted) {
    const id = offlineCopyId(item);
    if (kept.has(id)) {
      progress.stored += 1;
      continue;
    }
    // A reading has one photo (by owner); a call's photos are rows under their server ids.
    const own =
      item.ownerTable === 'meterReadings'
        ? await db.photos.where('[ownerTable+ownerId]').equals([item.ownerTable, item.ownerId]).first()
        : await db.photos.get(id);
    if (own && !isOfflineCopy(own)) continue;
    missing.push({ item, id });
  }

  const fetched = new Map<string, Blob | null>();
  for (const [index, { item, id }] of missing.entries()) {
    if (progress.bytes >= budget) {
      progress.skipped += 1;
      continue;
    }
    if (!fetched.has(item.fileId)) {
      const ahead = [...new Set(missing.slice(index).map((m) => m.item.fileId))].filter((f) => !fetched.has(f)).slice(0, SMALL_IMAGES_PER_REQUEST);
      for (const [fileId, blob] of await downloadAll(api, ahead)) fetched.set(fileId, blob);
    }
    const blob = fetched.get(item.fileId) ?? null;
    if (!blob || progress.bytes + blob.size > budget) {
      progress.skipped += 1;
      continue;
    }
    const row: PhotoRow = {
      id,
      ownerTable: item.ownerTable,
      ownerId: item.ownerId,
      role: OFFLINE_COPY_ROLE,
      blob,
      mime: blob.type || 'image/jpeg',
      width: 0,
      height: 0,
      size: blob.size,
      hash: '',
      createdAt: new Date().toISOString(),
      uploadState: 'uploaded',
      fileId: item.fileId,
    };
    await db.photos.put(row);
    kept.set(id, row);
    progress.stored += 1;
    progress.bytes += blob.size;
    options.onProgress?.({ ...progress });
  }
  options.onProgress?.({ ...progress });
  return progress;
}

/**
 * Full-size photos this device sent, once the server has them and their record has nothing left to
 * send: each becomes the server's small version (the row, its id and owner stay; `small` is set).
 * A photo whose small version cannot be fetched now keeps its full size until the next try.
 */
export async function shrinkSentPhotos(api: ApiClient): Promise<{ shrunk: number; freedBytes: number }> {
  const sent = await db.photos
    .where('uploadState')
    .equals('uploaded')
    .filter((row) => row.sentAt !== undefined && !isSmallCopy(row) && row.fileId !== null)
    .toArray();
  let shrunk = 0;
  let freedBytes = 0;
  for (const row of sent) {
    const keys = [entityKeyOf('photos', row.id), entityKeyOf(row.ownerTable, row.ownerId)];
    if ((await db.outbox.where('entityKey').anyOf(keys).count()) > 0) continue;
    const blob = await download(api, row.fileId ?? row.id);
    if (!blob || blob.size === 0 || blob.size >= row.size) continue;
    const replaced = await db.photos
      .where('id')
      .equals(row.id)
      .and((current) => current.small !== true)
      .modify({ blob, size: blob.size, mime: blob.type || row.mime, width: 0, height: 0, small: true });
    if (replaced === 0) continue;
    shrunk += 1;
    freedBytes += row.size - blob.size;
  }
  return { shrunk, freedBytes };
}
