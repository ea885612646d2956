import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../api/errors';
import type { RefreshOptions } from './useBackgroundRefresh';
import { REFRESH_RETRY_DELAYS_MS, useBackgroundRefresh } from './useBackgroundRefresh';

function Screen({ refreshKey = 'key', load, options }: { refreshKey?: string | null; load: () => Promise<unknown>; options?: RefreshOptions }) {
  const refresh = useBackgroundRefresh(refreshKey, load, options);
  return (
    <p>
      {refresh.state} {refresh.refreshing ? 'refreshing' : 'still'} {refresh.failed ? 'failed' : 'fine'}
      <button onClick={refresh.retry}>retry</button>
    </p>
  );
}

const refused = new ApiError({ message: 'forbidden', errorCode: 403, status: 403, messageKey: 'errors:forbidden' });

async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setOnline(online: boolean): void {
  act(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function setVisibility(state: DocumentVisibilityState): void {
  act(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('useBackgroundRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setOnline(true);
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    setOnline(true);
  });

  it('refreshes once for a key, shows it on its way, then done', async () => {
    let answer: () => void = () => undefined;
    const load = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<Screen load={load} />);
    await settle();
    expect(screen.getByText(/loading refreshing fine/)).toBeTruthy();
    answer();
    await settle();
    expect(screen.getByText(/done still fine/)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without a key', async () => {
    const load = vi.fn().mockResolvedValue(undefined);
    render(<Screen refreshKey={null} load={load} />);
    await settle(10_000);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText(/loading still fine/)).toBeTruthy();
  });

  it('asks again by itself after a lost connection, then says it failed; retry starts over', async () => {
    const load = vi.fn().mockRejectedValue(networkError(new TypeError('Failed to fetch')));
    render(<Screen load={load} />);
    await settle(REFRESH_RETRY_DELAYS_MS[0]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText(/refreshing/)).toBeTruthy();
    await settle(REFRESH_RETRY_DELAYS_MS[1]);
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText(/failed still failed/)).toBeTruthy();
    load.mockResolvedValueOnce(undefined);
    await act(async () => screen.getByRole('button', { name: 'retry' }).click());
    await settle();
    expect(load).toHaveBeenCalledTimes(4);
    expect(screen.getByText(/done still fine/)).toBeTruthy();
  });

  it('does not ask again when the server refuses', async () => {
    const load = vi.fn().mockRejectedValue(refused);
    render(<Screen load={load} />);
    await settle(10_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/failed still failed/)).toBeTruthy();
  });

  it('offline, waits for the connection by default and refreshes when it comes back', async () => {
    setOnline(false);
    const load = vi.fn().mockResolvedValue(undefined);
    render(<Screen load={load} />);
    await settle(10_000);
    expect(load).not.toHaveBeenCalled();
    expect(screen.getByText(/loading still fine/)).toBeTruthy();
    setOnline(true);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/done still fine/)).toBeTruthy();
  });

  it("offline, asks anyway with 'try' (the screen can say it could not load), and again once back online", async () => {
    setOnline(false);
    const load = vi.fn().mockRejectedValue(refused);
    render(<Screen load={load} options={{ offline: 'try' }} />);
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/failed still failed/)).toBeTruthy();
    load.mockResolvedValueOnce(undefined);
    setOnline(true);
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText(/done still fine/)).toBeTruthy();
  });

  it('going offline asks nothing more', async () => {
    const load = vi.fn().mockResolvedValue(undefined);
    render(<Screen load={load} options={{ offline: 'try' }} />);
    await settle();
    setOnline(false);
    await settle(10_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/done still fine/)).toBeTruthy();
  });

  it('coming back to the page refreshes again after a failure, not after a success', async () => {
    const load = vi.fn().mockRejectedValueOnce(refused).mockResolvedValue(undefined);
    render(<Screen load={load} />);
    await settle();
    expect(screen.getByText(/failed still failed/)).toBeTruthy();
    setVisibility('hidden');
    setVisibility('visible');
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.getByText(/done still fine/)).toBeTruthy();
    setVisibility('hidden');
    setVisibility('visible');
    await settle();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
