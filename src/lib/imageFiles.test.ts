import { describe, expect, it } from 'vitest';
import { isImageFile, isJpegFile } from './imageFiles.ts';

describe('isImageFile', () => {
  it('takes an image type whatever the name', () => {
    expect(isImageFile({ name: 'x.bin', type: 'image/png' })).toBe(true);
    expect(isImageFile({ name: 'scan', type: 'IMAGE/JPEG' })).toBe(true);
  });

  it('takes an image name when the type does not say, .bmp and HEIC included (the copies disagreed on .bmp)', () => {
    expect(isImageFile({ name: 'photo.JPG' })).toBe(true);
    expect(isImageFile({ name: 'IMG_0001.heic', type: '' })).toBe(true);
    expect(isImageFile({ name: 'old-scan.bmp', type: 'application/octet-stream' })).toBe(true);
  });

  it('refuses what is neither', () => {
    expect(isImageFile({ name: 'doc.pdf', type: 'application/pdf' })).toBe(false);
    expect(isImageFile({ name: 'notes.txt' })).toBe(false);
    expect(isImageFile({ name: 'jpg' })).toBe(false);
  });
});

describe('isJpegFile', () => {
  it('is a JPEG by type or by name only', () => {
    expect(isJpegFile({ name: 'a', type: 'image/jpeg' })).toBe(true);
    expect(isJpegFile({ name: 'a.JPEG', type: '' })).toBe(true);
    expect(isJpegFile({ name: 'a.png', type: 'image/png' })).toBe(false);
  });
});
