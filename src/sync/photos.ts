// Photos ride the outbox too: the Blob is stored in `photos` with the change that owns it, and an
// entry of kind 'photo' uploads it (/files/upload/B64, Idempotency-Key) after the owner is applied.
// The server also dedupes by SHA-256, so a repeated upload is stored once.
import { db } from '../db/db';
import { entityKeyOf, newId, runMutation } from '../db/mutate';
import type { MutationContext } from '../db/mutate';
import type { OutboxEntry } from '../db/outboxRows';
import type { PhotoRow } from '../db/schema';
import type { Actor } from './actor';
import { UPLOAD_PATH } from './send';

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

/** Inside a repository's transaction: stores the rows and queues their uploads behind the owner. */
export async function queuePhotos(ctx: MutationContext, rows: readonly PhotoRow[], actor: Actor): Promise<OutboxEntry[]> {
  const entries: OutboxEntry[] = [];
  for (const row of rows) {
    await db.photos.add(row);
    entries.push(
      await ctx.enqueue({
        op: 'upload',
        kind: 'photo',
        table: 'photos',
        recordId: row.id,
        request: { method: 'POST', path: UPLOAD_PATH, prefix: false, wrap: 'none' },
        payload: { role: row.role, ownerTable: row.ownerTable, ownerId: row.ownerId, ...(actor.userId === null ? {} : { createdBy: actor.userId }) },
        rowPatch: {},
        base: null,
        baseVersion: null,
        dependsOn: [entityKeyOf(row.ownerTable, row.ownerId)],
        ownerUserKey: actor.userKey,
      }),
    );
  }
  return entries;
}

/** Adds photos to an existing record on their own (e.g. more photos of a call later). */
export async function attachPhotos(ownerTable: string, ownerId: string, photos: readonly CompressedPhoto[], role: string, actor: Actor): Promise<PhotoRow[]> {
  const rows = photos.map((p) => photoRowOf(p, ownerTable, ownerId, role));
  await runMutation(['photos'], (ctx) => queuePhotos(ctx, rows, actor));
  return rows;
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
