// Photos picked for a call or an update: only image files, at most uploadLimits.maxFiles, each
// compressed by the photo worker (off the main thread) with visible progress and refused if still over
// the upload size limit; kept until the form is saved. Refused here, nothing bad is ever queued.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tooLarge, tooMany, uploadLimits } from '../../lib/uploadLimits';
import { imageFile } from '../../lib/validation/rules';
import type { CompressedImage } from '../../workers/photoCompressor';
import { compressPhoto } from '../../workers/photoCompressor';

export type PickedPhoto = CompressedImage & { id: string; name: string };
export type PhotoProgress = { done: number; total: number };

export type PhotoPicker = {
  photos: PickedPhoto[];
  progress: PhotoProgress | null;
  error: string | null;
  add(files: FileList | readonly File[] | null): Promise<void>;
  remove(id: string): void;
  clear(): void;
};

export function usePhotoPicker(): PhotoPicker {
  const { t } = useTranslation('errors');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [progress, setProgress] = useState<PhotoProgress | null>(null);
  const [error, setError] = useState<string | null>(null);

  const count = photos.length;
  const add = useCallback(
    async (list: FileList | readonly File[] | null) => {
      const files = list ? [...list] : [];
      if (files.length === 0) return;
      const picked = files.filter((f) => imageFile(f) === null);
      const over = tooMany(count + picked.length);
      const refusals = [picked.length < files.length ? t('onlyImageAllowed') : null, over ? t(over.messageKey, over.params) : null];
      setError(refusals.filter(Boolean).join(' ') || null);
      // The photos that fit; the rest are refused before anything is queued.
      const images = picked.slice(0, Math.max(0, uploadLimits.maxFiles - count));
      if (images.length === 0) return;
      setProgress({ done: 0, total: images.length });
      let done = 0;
      for (const file of images) {
        try {
          const compressed = await compressPhoto(file, 'attachment');
          const big = tooLarge(compressed.blob.size);
          if (big) setError(t(big.messageKey, big.params));
          else setPhotos((current) => [...current, { ...compressed, id: crypto.randomUUID(), name: file.name || `photo-${current.length + 1}.jpg` }]);
        } catch {
          setError(t('errorSavingImage'));
        }
        done += 1;
        setProgress({ done, total: images.length });
      }
      setProgress(null);
    },
    [t, count],
  );

  const remove = useCallback((id: string) => setPhotos((current) => current.filter((p) => p.id !== id)), []);
  const clear = useCallback(() => {
    setPhotos([]);
    setError(null);
  }, []);
  return { photos, progress, error, add, remove, clear };
}
