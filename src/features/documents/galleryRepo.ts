// A building's gallery: the list as last pulled (meta `gallery.list:<bid>`) and every image shown once
// (meta `gallery.file:<fileId>`), so what was seen stays visible offline.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { galleryList } from '../../lib/answers';
import type { GalleryItem } from '../../lib/answers';
import { withPageClient } from '../../session/api';

export type { GalleryItem };

const LIST_PREFIX = 'gallery.list:';
const FILE_PREFIX = 'gallery.file:';

export async function pullGallery(api: ApiClient, buildingId: number): Promise<void> {
  const { records } = answerOf(galleryList, await api.request('GET', `buildings/${buildingId}/gallery`));
  await db.meta.put({ key: `${LIST_PREFIX}${buildingId}`, value: records });
}

export async function storedGallery(buildingId: number): Promise<GalleryItem[] | null> {
  return ((await db.meta.get(`${LIST_PREFIX}${buildingId}`))?.value as GalleryItem[] | undefined) ?? null;
}

/** The image's bytes: from the device, else downloaded once and kept. */
export async function galleryImage(api: ApiClient, fileId: string): Promise<Blob> {
  const kept = (await db.meta.get(`${FILE_PREFIX}${fileId}`))?.value as Blob | undefined;
  if (kept) return kept;
  const response = await api.raw('GET', 'files/getImg', { src: fileId }, { prefix: false, timeoutMs: 30_000 });
  if (!response.ok) throw new Error(`image ${fileId}: HTTP ${response.status}`);
  const blob = await response.blob();
  await db.meta.put({ key: `${FILE_PREFIX}${fileId}`, value: blob });
  return blob;
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const galleryCalls = {
  galleryImage: withPageClient(galleryImage),
};
