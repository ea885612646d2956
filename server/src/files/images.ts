// Uploaded images are decoded and written again as a plain JPEG: what does not decode is refused, and
// nothing of the original file but its pixels survives (no EXIF/GPS, no comments, no appended bytes).
import sharp from 'sharp';

/** Decoders an upload may use; SVG, PDF and the rest are never decoded. */
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif';

export type Reencoded = { data: Buffer; mimeType: 'image/jpeg'; width: number; height: number };

// A decompression bomb (a small file of huge dimensions) is refused before its pixels are allocated.
const MAX_INPUT_PIXELS = 40_000_000;
const JPEG_QUALITY = 85;

/** The re-encoded JPEG, or null when `data` is not a whole image in one of `formats`. */
export async function reencodeImage(data: Buffer, formats: readonly ImageFormat[]): Promise<Reencoded | null> {
  try {
    // failOn 'warning': a truncated or damaged file is refused, not decoded as far as it goes.
    const input = sharp(data, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await input.metadata();
    if (!formats.some((f) => f === format)) return null;
    const { data: out, info } = await input
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { data: out, mimeType: 'image/jpeg', width: info.width, height: info.height };
  } catch {
    return null;
  }
}

/** Longest side of the small version a device keeps for offline use (take the day offline). */
export const SMALL_IMAGE_SIDE = 480;
const SMALL_JPEG_QUALITY = 70;

/** A small JPEG of a stored image (never enlarged), or null when it does not decode. */
export async function smallImage(data: Buffer, side: number = SMALL_IMAGE_SIDE): Promise<Buffer | null> {
  try {
    return await sharp(data, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: SMALL_JPEG_QUALITY })
      .toBuffer();
  } catch {
    return null;
  }
}
