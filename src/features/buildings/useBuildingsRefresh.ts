// The buildings list's background refresh: the unit list, and what the list counts (`refreshCounts`).
import { pullBuildings } from '../../directory/buildingsRepo';
import { api, callWithRelogin } from '../../session/api';
import { useBackgroundRefresh } from '../../session/useBackgroundRefresh';
import type { BackgroundRefresh } from '../../session/useBackgroundRefresh';

export function useBuildingsRefresh(refreshCounts: (() => Promise<unknown>) | undefined): BackgroundRefresh {
  return useBackgroundRefresh('buildings', () => Promise.all([callWithRelogin(() => pullBuildings(api)), refreshCounts?.()]));
}
