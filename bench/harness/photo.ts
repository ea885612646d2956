// Row 7: a 4000×3000 camera JPEG through the app's compression worker (the single comlink wrap) to
// the Blob that would be stored, against the floor in a worker of the same kind; main-thread long
// tasks are counted while the app's compression runs.
import { compressPhoto, stopPhotoCompressor } from '../../src/workers/photoCompressor';
import { photoProfiles } from '../../src/workers/photoProfiles';
import type { PhotoOptions, PhotoResult } from './api';
import { elapsed } from './common';
import type { FloorRequest } from './floor.worker';

type Reply = { ok: true; blob: Blob } | { ok: false; error: string };

function floorWorker(): { run(request: FloorRequest): Promise<Blob>; stop(): void } {
  const worker = new Worker(new URL('./floor.worker.ts', import.meta.url), { type: 'module', name: 'bench-floor' });
  return {
    run: (request) =>
      new Promise((resolve, reject) => {
        worker.onmessage = (event: MessageEvent<Reply>) => (event.data.ok ? resolve(event.data.blob) : reject(new Error(event.data.error)));
        worker.postMessage(request);
      }),
    stop: () => worker.terminate(),
  };
}

function fit(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

export async function photo(options: PhotoOptions): Promise<PhotoResult> {
  const helper = floorWorker();
  const longTasks: PerformanceEntry[] = [];
  const longTaskSupported = PerformanceObserver.supportedEntryTypes.includes('longtask');
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  try {
    const image = await helper.run({ type: 'make', width: options.width, height: options.height });
    const profile = photoProfiles[options.profile];
    const target = fit(options.width, options.height, profile.maxWidthOrHeight);
    const floorRequest: FloorRequest = { type: 'floor', image, ...target, quality: profile.initialQuality };
    // Warm-up: both workers started and their code compiled before anything is timed.
    await compressPhoto(image, options.profile);
    await helper.run(floorRequest);

    if (longTaskSupported) observer.observe({ type: 'longtask' });
    const real: number[] = [];
    const floor: number[] = [];
    const windows: Array<[number, number]> = [];
    let realBlob: Blob | null = null;
    let realSize = '';
    let floorBlob: Blob | null = null;
    for (let i = 0; i < options.runs; i++) {
      const started = performance.now();
      const out = await compressPhoto(image, options.profile);
      real.push(elapsed(started));
      windows.push([started, performance.now()]);
      realBlob = out.blob;
      realSize = `${out.width}×${out.height}`;
      const floorStarted = performance.now();
      floorBlob = await helper.run(floorRequest);
      floor.push(elapsed(floorStarted));
    }
    // Long tasks are reported after they end: let the observer deliver the last ones.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = longTasks.filter((t) => windows.some(([from, to]) => t.startTime < to && t.startTime + t.duration > from));
    return {
      inputBytes: image.size,
      real,
      floor,
      realBytes: realBlob?.size ?? 0,
      floorBytes: floorBlob?.size ?? 0,
      realSize,
      longTasks: during.length,
      longTaskMs: during.reduce((s, t) => s + t.duration, 0),
      longTaskSupported,
    };
  } finally {
    observer.disconnect();
    helper.stop();
    stopPhotoCompressor();
  }
}
