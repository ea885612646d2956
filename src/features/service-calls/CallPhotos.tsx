import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoRow } from '../../db/schema';
import { AttachmentsList } from '../../ui/AttachmentsList';
import { ImageViewer } from '../../ui/ImageViewer';
import { usePhotoUrls } from './useServiceCalls';

/** Thumbnails of stored photos (Blobs on the device); a tap opens the shared image viewer. */
export function CallPhotos({ photos, title }: { photos: readonly PhotoRow[]; title: string }) {
  const { t } = useTranslation('serviceCalls');
  const urls = usePhotoUrls(photos);
  const [viewing, setViewing] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const items = photos.map((p, i) => ({
    id: p.id,
    name: t('photos.photoName', { index: i + 1 }),
    mime: p.mime,
    ...(urls.get(p.id) ? { url: urls.get(p.id) } : {}),
  }));
  return (
    <>
      <AttachmentsList title={title} items={items} onOpen={(item) => setViewing(items.findIndex((i) => i.id === item.id))} />
      <ImageViewer
        images={items.map((i) => ({ src: i.url ?? '', alt: i.name }))}
        index={viewing ?? 0}
        open={viewing !== null}
        onIndexChange={setViewing}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
