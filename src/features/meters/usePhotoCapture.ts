// A meter photo from the camera or the gallery: checked to be an image, compressed off the main thread
// by the photo worker ('meter' profile), refused if still over the upload limit, previewed from its Blob.
import { useEffect, useState } from 'react';
import { tooLarge } from '../../lib/uploadLimits';
import { imageFile } from '../../lib/validation/rules';
import type { CompressedPhoto } from '../../sync/write/photos';
import { compressPhoto } from '../../workers/photoCompressor';

export type PhotoCapture =
  | { state: 'empty' }
  | { state: 'compressing'; name: string }
  | { state: 'ready'; photo: CompressedPhoto; url: string }
  | { state: 'failed'; messageKey: string; params?: Record<string, string | number> };

export function usePhotoCapture() {
  const [capture, setCapture] = useState<PhotoCapture>({ state: 'empty' });
  const url = capture.state === 'ready' ? capture.url : null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  async function take(file: File | undefined) {
    if (!file) return;
    const refused = imageFile({ type: file.type, name: file.name });
    if (refused) {
      setCapture({ state: 'failed', messageKey: `errors:${refused.messageKey}` });
      return;
    }
    setCapture({ state: 'compressing', name: file.name });
    try {
      const photo = await compressPhoto(file, 'meter');
      const big = tooLarge(photo.blob.size);
      if (big) {
        setCapture({ state: 'failed', messageKey: `errors:${big.messageKey}`, params: big.params });
        return;
      }
      setCapture({ state: 'ready', photo, url: URL.createObjectURL(photo.blob) });
    } catch {
      setCapture({ state: 'failed', messageKey: 'errors:errorSavingImage' });
    }
  }

  return { capture, take, clear: () => setCapture({ state: 'empty' }) };
}
