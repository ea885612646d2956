// Photos picked for a call or an update: only image files, each compressed by the photo worker
// (off the main thread) with visible progress, kept until the form is saved.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

  const add = useCallback(
    async (list: FileList | readonly File[] | null) => {
      const files = list ? [...list] : [];
      if (files.length === 0) return;
      const images = files.filter((f) => imageFile(f) === null);
      setError(images.length < files.length ? t('onlyImageAllowed') : null);
      if (images.length === 0) return;
      setProgress({ done: 0, total: images.length });
      let done = 0;
      for (const file of images) {
        try {
          const compressed = await compressPhoto(file, 'attachment');
          setPhotos((current) => [...current, { ...compressed, id: crypto.randomUUID(), name: file.name || `photo-${current.length + 1}.jpg` }]);
        } catch {
          setError(t('errorSavingImage'));
        }
        done += 1;
        setProgress({ done, total: images.length });
      }
      setProgress(null);
    },
    [t],
  );

  const remove = useCallback((id: string) => setPhotos((current) => current.filter((p) => p.id !== id)), []);
  const clear = useCallback(() => {
    setPhotos([]);
    setError(null);
  }, []);
  return { photos, progress, error, add, remove, clear };
}
