import { describe, expect, it } from 'vitest';
import { photoProfiles, sha256Hex } from './photoProfiles';

describe('photo profiles', () => {
  it('keeps check photos legible and meter photos small', () => {
    expect(photoProfiles.check.maxWidthOrHeight).toBeGreaterThanOrEqual(1600);
    expect(photoProfiles.meter.maxWidthOrHeight).toBeLessThan(photoProfiles.attachment.maxWidthOrHeight);
  });

  it('hashes the stored bytes with SHA-256 (hex)', async () => {
    expect(await sha256Hex(new Blob(['abc']))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
