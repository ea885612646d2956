import { act, renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { uploadLimits } from '../../lib/uploadLimits';
import { usePhotoPicker } from './usePhotoPicker';

// The worker is not available here: "compression" returns a Blob of the size the test asks for.
vi.mock('../../workers/photoCompressor', () => ({
  compressPhoto: async (file: File) => ({
    blob: new Blob([new Uint8Array(Number(file.name.split('-')[0]))], { type: 'image/jpeg' }),
    width: 1,
    height: 1,
    hash: file.name,
  }),
}));

const photo = (bytes: number, i = 0) => new File(['x'], `${bytes}-${i}.jpg`, { type: 'image/jpeg' });

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

describe('photo picker limits (src/lib/uploadLimits.ts), before anything is queued', () => {
  it('refuses a file that is not an image', async () => {
    const { result } = renderHook(() => usePhotoPicker());
    await act(() => result.current.add([new File(['%PDF'], 'form.pdf', { type: 'application/pdf' })]));
    expect(result.current.photos).toHaveLength(0);
    expect(result.current.error).toBe('Only an image may be selected');
  });

  it('keeps at most the maximum number of photos and says so', async () => {
    const { result } = renderHook(() => usePhotoPicker());
    await act(() => result.current.add(Array.from({ length: uploadLimits.maxFiles + 2 }, (_, i) => photo(10, i))));
    expect(result.current.photos).toHaveLength(uploadLimits.maxFiles);
    expect(result.current.error).toBe(`You can attach up to ${uploadLimits.maxFiles} files`);
    await act(() => result.current.add([photo(10, 99)]));
    expect(result.current.photos).toHaveLength(uploadLimits.maxFiles);
  });

  it('refuses a photo still over the size limit once compressed, naming the limit', async () => {
    const { result } = renderHook(() => usePhotoPicker());
    await act(() => result.current.add([photo(uploadLimits.maxFileBytes + 1), photo(10)]));
    expect(result.current.photos.map((p) => p.blob.size)).toEqual([10]);
    expect(result.current.error).toBe('File size must be under 4 MB');
  });
});
