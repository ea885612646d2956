import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverImageUrl } from '../../session/serverFile';
import { isSmallCopy } from '../../sync/replay/offlinePhotos';
import { photosOf } from '../../sync/write/photos';
import { useOnline } from '../../ui/useOnline';
import styles from '../../ui/fieldScreens.module.css';
import { useObjectUrl } from '../../ui/useObjectUrl';

/**
 * The photo of a reading: the Blob on the device while it has one (taken here, or the small copy of
 * take the day offline, used when offline), else the server's copy.
 */
export function useReadingPhotoUrl(readingId: string, photoId: string | null): string | null {
  const online = useOnline();
  const local = useLiveQuery(() => photosOf('meterReadings', readingId), [readingId]);
  const own = local?.find((row) => !isSmallCopy(row)) ?? null;
  const copy = local?.find(isSmallCopy) ?? null;
  const blob = own?.blob ?? (online && photoId ? null : (copy?.blob ?? null));
  const blobUrl = useObjectUrl(blob);
  if (blobUrl) return blobUrl;
  if (local === undefined || !photoId || blob) return null;
  return serverImageUrl(photoId);
}

type Props = { readingId: string; photoId: string | null; label: string; onOpen(src: string): void };

/** Thumbnail button; a photo that is not on the device offline says so in a worker's words. */
export function ReadingPhoto({ readingId, photoId, label, onOpen }: Props) {
  const { t } = useTranslation(['meters', 'field']);
  const online = useOnline();
  const src = useReadingPhotoUrl(readingId, photoId);
  const [broken, setBroken] = useState<string | null>(null);
  if (!photoId && !src) return <span className={styles.muted}>{t('meters:reading.noPhoto')}</span>;
  // Keyed by the connection too: a photo that failed offline is tried again once the phone is online.
  const attempt = `${online ? 'online' : 'offline'}:${src ?? ''}`;
  if (broken === attempt) return <span className={styles.muted}>{online ? t('field:photo.unavailable') : t('field:photo.notOnDevice')}</span>;
  if (!src) return null;
  return (
    <button type="button" className={styles.thumb} onClick={() => onOpen(src)} aria-label={label}>
      <img key={attempt} src={src} alt="" loading="lazy" onError={() => setBroken(attempt)} />
    </button>
  );
}
