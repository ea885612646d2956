// The buildings list (/buildings). It counts each building's open calls: the service-calls feature's pull
// refreshes them. A tenant's home is their apartment instead (issue 14, HomeRoute.tsx).
import { DashboardScreen } from '../features/buildings/DashboardScreen';
import { pullOpenCalls } from '../features/service-calls/serviceCallsRepo';
import { useHomeRoute } from './useHomeRoute';

export function DashboardRoute() {
  const isHome = useHomeRoute().id === 'dashboard';
  return <DashboardScreen refreshCounts={pullOpenCalls} isHome={isHome} />;
}
