// Photos ride the outbox too: the Blob is stored in `photos` with the change that owns it, and an
// entry of kind 'photo' uploads it (resumable parts, then a finish under its Idempotency-Key: send.ts, resumableUpload.ts) after the owner is applied
// (the write path queues it: `uploads`). The server also dedupes by SHA-256, so a repeated upload is
// stored once. A photo that never left the device is dropped here with its queued upload.
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { PhotoRow } from '../../db/schema';

/** What the compression worker returns (src/workers/photoCompressor.ts). */
export type CompressedPhoto = { blob: Blob; width: number; height: number; hash: string };

export function photoRowOf(photo: CompressedPhoto, ownerTable: string, ownerId: string, role: string, id = newId()): PhotoRow {
  return {
    id,
    ownerTable,
    ownerId,
    role,
    blob: photo.blob,
    mime: photo.blob.type || 'image/jpeg',
    width: photo.width,
    height: photo.height,
    size: photo.blob.size,
    hash: photo.hash,
    createdAt: new Date().toISOString(),
    uploadState: 'local',
    fileId: null,
  };
}

export function photosOf(ownerTable: string, ownerId: string): Promise<PhotoRow[]> {
  return db.photos.where('[ownerTable+ownerId]').equals([ownerTable, ownerId]).toArray();
}

/**
 * Inside a rw transaction over photos and outbox: a photo that never left the device is dropped with
 * its queued upload (replaced, or its record deleted: the server refuses an upload whose parent is
 * gone). One already on its way is left to finish.
 */
export async function dropPendingPhoto(photoId: string | null): Promise<void> {
  if (!photoId) return;
  const photo = await db.photos.get(photoId);
  if (!photo || photo.uploadState !== 'local') return;
  const entries = await db.outbox.where('entityKey').equals(entityKeyOf('photos', photoId)).toArray();
  if (entries.some((e) => e.state === 'inFlight')) return;
  await db.outbox.bulkDelete(entries.map((e) => e.id));
  await db.photos.delete(photoId);
}

/** `dropPendingPhoto` for every photo of a record (the record is being deleted). */
export async function dropPendingPhotosOf(ownerTable: string, ownerId: string | number): Promise<void> {
  for (const photo of await photosOf(ownerTable, String(ownerId))) await dropPendingPhoto(photo.id);
}
