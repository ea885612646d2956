// The background refresh (useBackgroundRefresh.ts) of a screen whose load takes the page's API client:
// it asks offline too, so a screen with nothing on the device can say it could not load.
import type { ApiClient } from '../api/client';
import { api } from './api';
import type { BackgroundRefresh } from './useBackgroundRefresh';
import { useBackgroundRefresh } from './useBackgroundRefresh';

export type { RefreshState } from './useBackgroundRefresh';
export { REFRESH_RETRY_DELAYS_MS } from './useBackgroundRefresh';

/** Runs `load` with the page's client when `key` changes (null = nothing to load); `retry` runs it again. */
export function useServerRefresh(key: string | null, load: (client: ApiClient) => Promise<unknown>): BackgroundRefresh {
  return useBackgroundRefresh(key, () => load(api), { offline: 'try' });
}
