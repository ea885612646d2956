// The buildings list (/buildings). It counts each building's open calls: the service-calls feature's pull
// refreshes them. A tenant's home is their apartment instead (issue 14, HomeRoute.tsx).
import type { ApiClient } from '../api/client';
import { DashboardScreen } from '../features/buildings/DashboardScreen';
import { pullServiceCalls } from '../features/service-calls/serviceCallsRepo';
import { useHomeRoute } from './useHomeRoute';

const refreshOpenCalls = (api: ApiClient) => pullServiceCalls(api, { tab: 'open' });

export function DashboardRoute() {
  const isHome = useHomeRoute().id === 'dashboard';
  return <DashboardScreen refreshCounts={refreshOpenCalls} isHome={isHome} />;
}
