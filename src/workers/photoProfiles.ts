// Compression profiles: check photos stay legible for the bank (long edge ≥ 1600 px), meter photos
// only need the digits, attachments sit in between.
import { sha256Hex as sha256OfBytes } from '../lib/crypto/sha256';

export type PhotoProfile = 'check' | 'meter' | 'attachment';

export type ProfileOptions = { maxWidthOrHeight: number; initialQuality: number; maxSizeMB: number };

export const photoProfiles: Readonly<Record<PhotoProfile, ProfileOptions>> = {
  check: { maxWidthOrHeight: 2000, initialQuality: 0.85, maxSizeMB: 3 },
  meter: { maxWidthOrHeight: 1280, initialQuality: 0.8, maxSizeMB: 0.6 },
  attachment: { maxWidthOrHeight: 1600, initialQuality: 0.8, maxSizeMB: 1 },
};

export type CompressedImage = { blob: Blob; width: number; height: number; hash: string };

export async function sha256Hex(blob: Blob): Promise<string> {
  return sha256OfBytes(await blob.arrayBuffer());
}
