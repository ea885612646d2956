// The only comlink `wrap` of the app: starts the compression worker on first use and stops it after
// 30 s without work, so it costs nothing on screens that take no photos.
import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { PhotoCompressorApi } from './photoCompressor.worker';
import type { CompressedImage, PhotoProfile } from './photoProfiles';

export type { CompressedImage, PhotoProfile } from './photoProfiles';

export const IDLE_STOP_MS = 30_000;

let worker: Worker | null = null;
let remote: Remote<PhotoCompressorApi> | null = null;
let busy = 0;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function start(): Remote<PhotoCompressorApi> {
  if (!remote) {
    worker = new Worker(new URL('./photoCompressor.worker.ts', import.meta.url), { type: 'module', name: 'photo-compressor' });
    remote = wrap<PhotoCompressorApi>(worker);
  }
  return remote;
}

export function stopPhotoCompressor(): void {
  clearTimeout(idleTimer);
  worker?.terminate();
  worker = null;
  remote = null;
}

/** Compresses a camera photo by profile; returns the JPEG Blob, its size and SHA-256 (hex). */
export async function compressPhoto(image: Blob, profile: PhotoProfile): Promise<CompressedImage> {
  clearTimeout(idleTimer);
  busy += 1;
  try {
    return await start().compress(image, profile);
  } finally {
    busy -= 1;
    if (busy === 0) idleTimer = setTimeout(stopPhotoCompressor, IDLE_STOP_MS);
  }
}
