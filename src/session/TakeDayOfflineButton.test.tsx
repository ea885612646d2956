import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { TakeDayOfflineButton } from './TakeDayOfflineButton';
import { TakeDayOfflineContext } from './takeDayOffline';
import type { TakeDayEstimate, TakeDayOffline, TakeDayProgress, TakeDayService } from './takeDayOffline';

const estimate: TakeDayEstimate = {
  all: { buildings: 40, records: 17_600, photos: 2_000 },
  plan: { buildings: 4, records: 1_760, photos: 200 },
  suggested: 'all',
  photoBudget: 20 * 1024 * 1024,
};

function renderButton(take: TakeDayOffline) {
  const service: TakeDayService = { take, estimate: vi.fn(async () => estimate) };
  render(
    <TakeDayOfflineContext.Provider value={service}>
      <TakeDayOfflineButton />
    </TakeDayOfflineContext.Provider>,
  );
}

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});

describe('the take-the-day-offline button', () => {
  it('shows the size of the suggested take before it starts, and of the plan when the worker limits it', async () => {
    const take = vi.fn<TakeDayOffline>(async () => ({ scope: 'plan', buildingIds: [102, 103, 104, 101], failed: [], failedBuildings: [] }));
    renderButton(take);
    expect((await screen.findByTestId('take-day-estimate')).textContent).toBe(
      '40 buildings: about 17,600 records and 2,000 photos (photos take at most 20 MB).',
    );
    expect((screen.getByRole('radio', { name: 'All my buildings' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('radio', { name: "Only today's plan (with the current building and unsent changes)" }));
    expect(screen.getByTestId('take-day-estimate').textContent).toBe('4 buildings: about 1,760 records and 200 photos (photos take at most 20 MB).');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Take the day offline' })));
    expect(take).toHaveBeenCalledWith(expect.objectContaining({ scope: 'plan' }));
    expect(await screen.findByText('Everything for today is on the device.')).toBeTruthy();
    expect(screen.getByText('4 buildings are on this phone.')).toBeTruthy();
  });

  it('names the building being downloaded, and the buildings that did not come', async () => {
    const progress: TakeDayProgress = { done: 3, total: 8, step: 'building', building: { id: 103, name: 'Herzl House' } };
    let finish: () => void = () => undefined;
    const take: TakeDayOffline = (options) =>
      new Promise((resolve) => {
        options?.onProgress?.(progress);
        finish = () => resolve({ scope: 'all', buildingIds: [101], failed: ['photos'], failedBuildings: [{ id: 103, name: 'Herzl House' }] });
      });
    renderButton(take);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Take the day offline' })));
    expect(screen.getByText('Downloading Herzl House (4 of 8)')).toBeTruthy();
    await act(async () => finish());
    expect(await screen.findByText('Some data could not be downloaded: photos of readings and calls, Herzl House')).toBeTruthy();
  });
});
