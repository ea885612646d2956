// Runs in our own module worker, so browser-image-compression uses OffscreenCanvas here and never
// loads its CDN copy (useWebWorker: false); the main thread is never blocked by compression.
import { expose } from 'comlink';
import imageCompression from 'browser-image-compression';
import { photoProfiles, sha256Hex } from './photoProfiles';
import type { CompressedImage, PhotoProfile } from './photoProfiles';

async function compress(image: Blob, profile: PhotoProfile): Promise<CompressedImage> {
  const options = photoProfiles[profile];
  const file = image instanceof File ? image : new File([image], 'photo.jpg', { type: image.type || 'image/jpeg' });
  const blob = await imageCompression(file, { ...options, useWebWorker: false, fileType: 'image/jpeg' });
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return { blob, ...size, hash: await sha256Hex(blob) };
}

const api = { compress };
export type PhotoCompressorApi = typeof api;

expose(api);
