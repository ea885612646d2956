// Draws the app icons (a white building on the brand blue) straight into PNG bytes, so the icons
// can be regenerated without an image editor: `tsx scripts/make-icons.ts`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { isMain, root } from './paths';

type Rgba = readonly [number, number, number, number];
type Shape = { color: Rgba; contains: (x: number, y: number) => boolean };

const BLUE: Rgba = [29, 78, 216, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const SUPERSAMPLE = 4;

function rect(x0: number, y0: number, x1: number, y1: number, color: Rgba): Shape {
  return { color, contains: (x, y) => x >= x0 && x < x1 && y >= y0 && y < y1 };
}

function roundedSquare(radius: number, color: Rgba): Shape {
  return {
    color,
    contains: (x, y) => {
      const dx = Math.max(radius - x, x - (1 - radius), 0);
      const dy = Math.max(radius - y, y - (1 - radius), 0);
      return dx * dx + dy * dy <= radius * radius;
    },
  };
}

/** The building in unit coordinates, scaled around the centre (maskable icons keep it in the safe zone). */
function building(scale: number): Shape[] {
  const at = (v: number) => 0.5 + (v - 0.5) * scale;
  const box = (x0: number, y0: number, x1: number, y1: number, color: Rgba) => rect(at(x0), at(y0), at(x1), at(y1), color);
  const shapes: Shape[] = [box(0.3, 0.2, 0.7, 0.8, WHITE), box(0.2, 0.8, 0.8, 0.84, WHITE)];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 3; col++) {
      const x = 0.35 + col * 0.11;
      const y = 0.26 + row * 0.1;
      shapes.push(box(x, y, x + 0.08, y + 0.06, BLUE));
    }
  }
  shapes.push(box(0.45, 0.68, 0.55, 0.8, BLUE));
  return shapes;
}

function render(size: number, shapes: Shape[]): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = SUPERSAMPLE * SUPERSAMPLE;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let s = 0; s < samples; s++) {
        const x = (px + ((s % SUPERSAMPLE) + 0.5) / SUPERSAMPLE) / size;
        const y = (py + (Math.floor(s / SUPERSAMPLE) + 0.5) / SUPERSAMPLE) / size;
        const hit = shapes.findLast((shape) => shape.contains(x, y));
        if (!hit) continue;
        for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (hit.color[c] ?? 0) * hit.color[3];
        sum[3] = (sum[3] ?? 0) + hit.color[3];
      }
      const alpha = sum[3] ?? 0;
      const offset = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) pixels[offset + c] = alpha === 0 ? 0 : Math.round((sum[c] ?? 0) / alpha);
      pixels[offset + 3] = Math.round(alpha / samples);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const icons = [
  { file: 'icon-192.png', size: 192, shapes: [roundedSquare(0.18, BLUE), ...building(1)] },
  { file: 'icon-512.png', size: 512, shapes: [roundedSquare(0.18, BLUE), ...building(1)] },
  { file: 'maskable-512.png', size: 512, shapes: [rect(0, 0, 1, 1, BLUE), ...building(0.75)] },
];

if (isMain(import.meta.url)) {
  const dir = path.join(root, 'public/icons');
  mkdirSync(dir, { recursive: true });
  for (const icon of icons) {
    writeFileSync(path.join(dir, icon.file), encodePng(icon.size, render(icon.size, icon.shapes)));
    console.log(`public/icons/${icon.file}`);
  }
}
