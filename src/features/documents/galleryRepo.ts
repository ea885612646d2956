// A building's gallery: the list as last pulled (meta `gallery.list:<bid>`) and every image shown once
// (meta `gallery.file:<fileId>`), so what was seen stays visible offline.
import { answerOf } from '../../api/answers';
import type { ApiClient } from '../../api/client';
import { getMeta, metaKeys, putMeta } from '../../db/metaKeys';
import { galleryList } from '../../lib/answers';
import type { GalleryItem } from '../../lib/answers';
import { withPageClient } from '../../session/api';

export type { GalleryItem };

export async function pullGallery(api: ApiClient, buildingId: number): Promise<void> {
  const { records } = answerOf(galleryList, await api.request('GET', `buildings/${buildingId}/gallery`));
  await putMeta(metaKeys.galleryList(buildingId), records);
}

export async function storedGallery(buildingId: number): Promise<GalleryItem[] | null> {
  return (await getMeta(metaKeys.galleryList(buildingId))) ?? null;
}

/** The image's bytes: from the device, else downloaded once and kept. */
export async function galleryImage(api: ApiClient, fileId: string): Promise<Blob> {
  const kept = await getMeta(metaKeys.galleryFile(fileId));
  if (kept) return kept;
  const response = await api.raw('GET', 'files/getImg', { src: fileId }, { prefix: false, timeoutMs: 30_000 });
  if (!response.ok) throw new Error(`image ${fileId}: HTTP ${response.status}`);
  const blob = await response.blob();
  await putMeta(metaKeys.galleryFile(fileId), blob);
  return blob;
}

/** The calls of the screens, with the page's client and its silent re-login. */
export const galleryCalls = {
  galleryImage: withPageClient(galleryImage),
};
