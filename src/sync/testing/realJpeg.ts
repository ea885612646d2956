// Real, distinct JPEG photos for tests against the real server: it decodes every upload (refusing
// what does not decode) and stores identical pixels once.
import sharp from 'sharp';

let seed = 0;

export async function realJpegBytes(width = 16, height = 12): Promise<Uint8Array<ArrayBuffer>> {
  seed += 1;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7 + seed * 53) & 0xff;
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg()
      .toBuffer(),
  );
}

export async function realJpeg(width?: number, height?: number): Promise<Blob> {
  return new Blob([await realJpegBytes(width, height)], { type: 'image/jpeg' });
}
