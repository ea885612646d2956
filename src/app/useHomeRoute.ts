import { useMemo } from 'react';
import { actorFrom } from '../lib/rights/rights';
import { useSession } from '../session/sessionContext';
import { homeRouteOf } from './homeRoute';
import { appRoutes } from './routeTable';
import type { AppRoute } from './routeTable';

/** The signed-in user's home screen (homeRoute.ts). */
export function useHomeRoute(): AppRoute {
  const { session } = useSession();
  const { role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule } = session;
  return useMemo(
    () => homeRouteOf(actorFrom({ role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule }), appRoutes),
    [role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule],
  );
}
