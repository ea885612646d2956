// Pulls the visible tab (and the open tab, for the count) from the server when online: on opening
// the list, on changing tab or building, and on a pull gesture or the refresh button.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ServiceCallTab } from '../../lib/domain/entities';
import { db } from '../../db/db';
import { pullBuildings } from '../../directory/buildingsRepo';
import { api, callWithRelogin } from '../../session/api';
import { useOnline } from '../../ui/useOnline';
import { pullServiceCalls } from './serviceCallsRepo';

export function useCallsRefresh(buildingId: number | null, tab: ServiceCallTab, onError: (error: unknown) => void) {
  const online = useOnline();
  const [refreshing, setRefreshing] = useState(false);
  const running = useRef(false);

  const refresh = useCallback(async () => {
    if (running.current || !navigator.onLine) return;
    running.current = true;
    setRefreshing(true);
    try {
      const scope = buildingId === null ? {} : { buildingId };
      const tabs: ServiceCallTab[] = tab === 'open' ? ['open'] : [tab, 'open'];
      await callWithRelogin(async () => {
        for (const t of tabs) await pullServiceCalls(api, { ...scope, tab: t });
        if ((await db.buildings.count()) === 0) await pullBuildings(api);
      });
    } catch (error) {
      onError(error);
    } finally {
      running.current = false;
      setRefreshing(false);
    }
  }, [buildingId, tab, onError]);

  useEffect(() => {
    if (online) void refresh();
  }, [online, refresh]);

  return { online, refreshing, refresh };
}
