import { describe, expect, it } from 'vitest';
import { photoProfiles } from '../../workers/photoProfiles';

/** browser-image-compression's resize: the long edge is capped at maxWidthOrHeight, the ratio kept. */
function resized(width: number, height: number, max: number): [number, number] {
  const scale = Math.min(1, max / Math.max(width, height));
  return [Math.round(width * scale), Math.round(height * scale)];
}

describe('check photos stay legible', () => {
  it('keeps a phone photo of a check at a long edge of at least 1600 px', () => {
    for (const [w, h] of [
      [4000, 3000],
      [3024, 4032],
      [4000, 1800],
    ] as const) {
      const [rw, rh] = resized(w, h, photoProfiles.check.maxWidthOrHeight);
      expect(Math.max(rw, rh)).toBeGreaterThanOrEqual(1600);
    }
  });

  it('allows more bytes than a meter photo (the bank must read the numbers)', () => {
    expect(photoProfiles.check.maxSizeMB).toBeGreaterThan(photoProfiles.meter.maxSizeMB);
    expect(photoProfiles.check.maxWidthOrHeight).toBeGreaterThan(photoProfiles.meter.maxWidthOrHeight);
  });
});
