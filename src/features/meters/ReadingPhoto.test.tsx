import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { initI18n } from '../../i18n/i18n';
import { OFFLINE_COPY_ROLE } from '../../sync/replay/offlinePhotos';
import { ReadingPhoto } from './ReadingPhoto';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeAll(async () => {
  await initI18n({ lng: 'en' });
  URL.createObjectURL = vi.fn(() => 'blob:copy');
  URL.revokeObjectURL = vi.fn();
});
beforeEach(async () => {
  await db.photos.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const show = () => render(<ReadingPhoto readingId="r1" photoId="f1" label="Open the photo of 01/11/2026 08:00" onOpen={() => undefined} />);

describe('the photo of a reading', () => {
  it('offline, shows the small copy kept by take the day offline', async () => {
    setOnline(false);
    await db.photos.put({
      id: 'offline:meterReadings:r1',
      ownerTable: 'meterReadings',
      ownerId: 'r1',
      role: OFFLINE_COPY_ROLE,
      blob: new Blob([new Uint8Array(4)]),
      mime: 'image/jpeg',
      width: 0,
      height: 0,
      size: 4,
      hash: '',
      createdAt: '2026-11-01T08:00:00Z',
      uploadState: 'uploaded',
      fileId: 'f1',
    });
    show();
    const button = await screen.findByRole('button', { name: 'Open the photo of 01/11/2026 08:00' });
    expect(button.querySelector('img')?.getAttribute('src')).toBe('blob:copy');
  });

  it('offline without a copy, says the photo is not on this phone — never "File not found"', async () => {
    setOnline(false);
    show();
    const button = await screen.findByRole('button', { name: 'Open the photo of 01/11/2026 08:00' });
    act(() => {
      fireEvent.error(button.querySelector('img') as HTMLImageElement);
    });
    expect(screen.getByText('Photo not saved on this phone — visible when online')).toBeTruthy();
    expect(screen.queryByText(/file not found/i)).toBeNull();
    act(() => setOnline(true));
    expect(await screen.findByRole('button', { name: 'Open the photo of 01/11/2026 08:00' })).toBeTruthy();
  });
});
