import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imageUrl } from '../../api/calls/files';
import { photosOf } from '../../sync/photos';
import { api } from '../../session/api';
import styles from '../../ui/fieldScreens.module.css';

/** The photo of a reading: the Blob on the device while it has one, else the server's copy. */
export function useReadingPhotoUrl(readingId: string, photoId: string | null): string | null {
  const local = useLiveQuery(() => photosOf('meterReadings', readingId), [readingId]);
  const blob = local?.[0]?.blob ?? null;
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setBlobUrl(null);
      return;
    }
    const url = URL.createObjectURL(blob);
    setBlobUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  if (blobUrl) return blobUrl;
  if (local === undefined || !photoId) return null;
  return imageUrl(api, photoId);
}

type Props = { readingId: string; photoId: string | null; label: string; onOpen(src: string): void };

/** Thumbnail button; a photo that cannot be loaded says so (spec 8: file not found). */
export function ReadingPhoto({ readingId, photoId, label, onOpen }: Props) {
  const { t } = useTranslation(['meters', 'errors']);
  const src = useReadingPhotoUrl(readingId, photoId);
  const [broken, setBroken] = useState<string | null>(null);
  if (!src) return <span className={styles.muted}>{t('meters:reading.noPhoto')}</span>;
  if (broken === src) return <span className={styles.muted}>{t('errors:fileNotFound')}</span>;
  return (
    <button type="button" className={styles.thumb} onClick={() => onOpen(src)} aria-label={label}>
      <img src={src} alt="" loading="lazy" onError={() => setBroken(src)} />
    </button>
  );
}
