import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, networkError, timeoutError } from '../api/errors';
import { REFRESH_RETRY_DELAYS_MS, useServerRefresh } from './useServerRefresh';

function Screen({ load }: { load: () => Promise<unknown> }) {
  const refresh = useServerRefresh('key', load);
  return (
    <p>
      {refresh.state}
      <button onClick={refresh.retry}>retry</button>
    </p>
  );
}

const refused = new ApiError({ message: 'forbidden', errorCode: 403, status: 403, messageKey: 'errors:forbidden' });
const busy = new ApiError({ message: 'busy', errorCode: 503, status: 503, messageKey: 'errors:anErrorOccurred' });

async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useServerRefresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again by itself after a timeout, a lost connection or a busy server, and shows the answer', async () => {
    const load = vi.fn().mockRejectedValueOnce(timeoutError(10_000)).mockRejectedValueOnce(busy).mockResolvedValueOnce(undefined);
    render(<Screen load={load} />);
    await settle();
    expect(screen.getByText('loading')).toBeTruthy();
    await settle(REFRESH_RETRY_DELAYS_MS[0]);
    expect(load).toHaveBeenCalledTimes(2);
    await settle(REFRESH_RETRY_DELAYS_MS[1]);
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText('done')).toBeTruthy();
  });

  it('says it failed once the automatic tries are spent, and starts over on retry', async () => {
    const load = vi.fn().mockRejectedValue(networkError(new TypeError('Failed to fetch')));
    render(<Screen load={load} />);
    await settle(REFRESH_RETRY_DELAYS_MS[0] + REFRESH_RETRY_DELAYS_MS[1]);
    expect(load).toHaveBeenCalledTimes(3);
    expect(screen.getByText('failed')).toBeTruthy();
    load.mockResolvedValueOnce(undefined);
    await act(async () => screen.getByRole('button', { name: 'retry' }).click());
    await settle();
    expect(load).toHaveBeenCalledTimes(4);
    expect(screen.getByText('done')).toBeTruthy();
  });

  it('does not ask again when the server refuses the request', async () => {
    const load = vi.fn().mockRejectedValue(refused);
    render(<Screen load={load} />);
    await settle(10_000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('failed')).toBeTruthy();
  });
});
