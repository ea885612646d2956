// Photos another device attached to a call: listed by the server, downloaded once into `photos` as
// already-uploaded rows, so the detail shows them offline later like the ones taken here.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { serverFile, serverFiles } from '../../lib/answers';
import type { ServerFile } from '../../lib/answers';
import { db } from '../../db/db';
import type { PhotoRow } from '../../db/schema';

const owners = new Set(['serviceCalls', 'serviceCallUpdates']);

/** True when this device already holds the file (taken here, or downloaded before). */
async function isLocal(file: ServerFile): Promise<boolean> {
  if (await db.photos.get(file.id)) return true;
  const sameBytes = await db.photos.where('hash').equals(file.sha256).toArray();
  return sameBytes.some((p) => p.ownerId === file.parentId || p.fileId === file.id);
}

/** Downloads the photos of a call that are not on the device yet; returns how many were added. */
export async function pullServiceCallFiles(api: ApiClient, serviceCallId: string): Promise<number> {
  const body = answerOf(serverFiles, await api.request('GET', `service-calls/${serviceCallId}/files`));
  const files = (body.records ?? []).flatMap((record) => {
    const file = serverFile.safeParse(record);
    return file.success && owners.has(file.data.parentType) ? [file.data] : [];
  });
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
