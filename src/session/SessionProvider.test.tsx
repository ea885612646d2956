import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from './SessionProvider';
import { VERSION_CHECK_INTERVAL_MS } from './versionCheck';
import type { VersionStatus } from './versionCheck';

afterEach(() => vi.useRealTimers());

describe('SessionProvider', () => {
  it('keeps running the version check while the app stays open: every hour and when it comes back into view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const versionCheck = vi.fn(async (): Promise<VersionStatus> => 'ok');
    const view = render(
      <SessionProvider startup={async () => undefined} versionCheck={versionCheck}>
        <p>app</p>
      </SessionProvider>,
    );
    await vi.waitFor(() => expect(versionCheck).toHaveBeenCalledTimes(1));
    await act(() => vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS));
    expect(versionCheck).toHaveBeenCalledTimes(2);
    await act(async () => void document.dispatchEvent(new Event('visibilitychange')));
    expect(versionCheck).toHaveBeenCalledTimes(3);
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(2 * VERSION_CHECK_INTERVAL_MS));
    expect(versionCheck).toHaveBeenCalledTimes(3);
  });
});
