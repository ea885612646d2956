// The bench's own worker: makes the deterministic 4000×3000 test photo, and runs the floor of row 7
// (createImageBitmap resize + OffscreenCanvas.convertToBlob), the least any JPEG resize can cost here.
import { createRng } from '../../server/src/seed/prng';

export type FloorRequest = { type: 'make'; width: number; height: number } | { type: 'floor'; image: Blob; width: number; height: number; quality: number };

/** A photo-like scene: lit wall and floor gradients, a door, pipes, a stain, and sensor grain. */
async function makePhoto(width: number, height: number): Promise<Blob> {
  const rng = createRng(4_000_3_000);
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const wall = ctx.createLinearGradient(0, 0, width, height * 0.7);
  wall.addColorStop(0, '#d9d2c3');
  wall.addColorStop(1, '#8f8676');
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, width, height * 0.7);
  const floor = ctx.createLinearGradient(0, height * 0.7, 0, height);
  floor.addColorStop(0, '#6b5f52');
  floor.addColorStop(1, '#3b332b');
  ctx.fillStyle = floor;
  ctx.fillRect(0, height * 0.7, width, height * 0.3);
  for (let i = 0; i < 14; i++) {
    ctx.strokeStyle = `hsl(${rng.int(20, 40)} 20% ${rng.int(25, 60)}%)`;
    ctx.lineWidth = rng.int(20, 70);
    ctx.beginPath();
    ctx.moveTo(rng.int(0, width), 0);
    ctx.bezierCurveTo(rng.int(0, width), rng.int(0, height), rng.int(0, width), rng.int(0, height), rng.int(0, width), height);
    ctx.stroke();
  }
  ctx.fillStyle = '#5a3e2b';
  ctx.fillRect(width * 0.62, height * 0.18, width * 0.2, height * 0.52);
  const stain = ctx.createRadialGradient(width * 0.3, height * 0.45, 10, width * 0.3, height * 0.45, width * 0.18);
  stain.addColorStop(0, 'rgba(60, 50, 30, 0.55)');
  stain.addColorStop(1, 'rgba(60, 50, 30, 0)');
  ctx.fillStyle = stain;
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#1f1f1f';
  ctx.font = `${Math.round(height / 14)}px sans-serif`;
  ctx.fillText('קומה 3 · מונה 1142', width * 0.08, height * 0.12);
  // Sensor grain: what makes camera JPEGs big.
  const image = ctx.getImageData(0, 0, width, height);
  const data = image.data;
  for (let i = 0; i < data.length; i += 4) {
    const grain = (rng.next() - 0.5) * 18;
    data[i] = (data[i] as number) + grain;
    data[i + 1] = (data[i + 1] as number) + grain;
    data[i + 2] = (data[i + 2] as number) + grain;
  }
  ctx.putImageData(image, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
}

async function floor(image: Blob, width: number, height: number, quality: number): Promise<Blob> {
  const bitmap = await createImageBitmap(image, { resizeWidth: width, resizeHeight: height });
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: 'image/jpeg', quality });
}

self.onmessage = (event: MessageEvent<FloorRequest>) => {
  const request = event.data;
  const work = request.type === 'make' ? makePhoto(request.width, request.height) : floor(request.image, request.width, request.height, request.quality);
  work.then(
    (blob) => postMessage({ ok: true, blob }),
    (error: unknown) => postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
};
