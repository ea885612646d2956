// An invoice or a quote from the camera, the gallery or a PDF: an image is compressed off the main
// thread by the photo worker ('attachment' profile); a PDF is kept as it is, with its SHA-256, and
// checked against the upload limit like a photo.
import { useEffect, useState } from 'react';
import { sha256Hex } from '../../lib/crypto';
import { isImageFile } from '../../lib/imageFiles';
import { tooLarge } from '../../lib/uploadLimits';
import type { CompressedPhoto } from '../../sync/write/photos';
import { compressPhoto } from '../../workers/photoCompressor';

export type InvoiceCapture =
  | { state: 'empty' }
  | { state: 'working'; name: string }
  | { state: 'ready'; file: CompressedPhoto; name: string; url: string | null }
  | { state: 'failed'; messageKey: string; params?: Record<string, string | number> };

const isPdf = (file: File) => file.type === 'application/pdf' || /\.pdf$/i.test(file.name);

export function useInvoiceCapture() {
  const [capture, setCapture] = useState<InvoiceCapture>({ state: 'empty' });
  const url = capture.state === 'ready' ? capture.url : null;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  async function take(file: File | undefined) {
    if (!file) return;
    if (!isPdf(file) && !isImageFile(file)) {
      setCapture({ state: 'failed', messageKey: 'errors:onlyImageOrPdfAllowed' });
      return;
    }
    setCapture({ state: 'working', name: file.name });
    try {
      const ready: CompressedPhoto = isPdf(file)
        ? { blob: new Blob([await file.arrayBuffer()], { type: 'application/pdf' }), width: 0, height: 0, hash: await sha256Hex(await file.arrayBuffer()) }
        : await compressPhoto(file, 'attachment');
      const big = tooLarge(ready.blob.size);
      if (big) {
        setCapture({ state: 'failed', messageKey: `errors:${big.messageKey}`, params: big.params });
        return;
      }
      setCapture({ state: 'ready', file: ready, name: file.name, url: isPdf(file) ? null : URL.createObjectURL(ready.blob) });
    } catch {
      setCapture({ state: 'failed', messageKey: 'errors:errorSavingFile' });
    }
  }

  return { capture, take, clear: () => setCapture({ state: 'empty' }) };
}
