// Real, distinct images for upload tests: the server decodes every upload and dedupes by the hash of
// what it stored, so each test that expects a new file needs pixels no other test used.
import sharp from 'sharp';

function pixels(seed: number, width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 16 + seed * 31) & 0xff;
      raw[i + 1] = (y * 16 + seed * 17) & 0xff;
      raw[i + 2] = ((x ^ y) * 8 + seed * 13) & 0xff;
    }
  }
  return raw;
}

const image = (seed: number, width = 16, height = 16) => sharp(pixels(seed, width, height), { raw: { width, height, channels: 3 } });

export function testJpeg(seed: number, options: { copyright?: string } = {}): Promise<Buffer> {
  const jpeg = image(seed).jpeg({ quality: 90 });
  return (options.copyright ? jpeg.withExif({ IFD0: { Copyright: options.copyright, Artist: options.copyright } }) : jpeg).toBuffer();
}

export function testPng(seed: number): Promise<Buffer> {
  return image(seed).png().toBuffer();
}

/** A JPEG whose header is fine and whose data is garbage (what a sniffing check would let through). */
export async function corruptJpeg(seed: number): Promise<Buffer> {
  const good = await testJpeg(seed);
  return Buffer.concat([good.subarray(0, Math.floor(good.length / 3)), Buffer.alloc(400, 0x5a)]);
}

export const b64 = (data: Buffer): string => data.toString('base64');
