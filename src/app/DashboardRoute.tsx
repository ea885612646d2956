// The dashboard counts each building's open calls: the service-calls feature's pull refreshes them. A
// tenant's home is their apartment instead (issue 14), not the workers' buildings list.
import type { ApiClient } from '../api/client';
import { DashboardScreen } from '../features/buildings/DashboardScreen';
import { pullServiceCalls } from '../features/service-calls/serviceCallsRepo';
import { TenantHomeScreen } from '../features/tenant/TenantHomeScreen';
import { useCan } from '../session/useCan';

const refreshOpenCalls = (api: ApiClient) => pullServiceCalls(api, { tab: 'open' });

export function DashboardRoute() {
  const can = useCan();
  if (can('account.read')) return <TenantHomeScreen />;
  return <DashboardScreen refreshCounts={refreshOpenCalls} />;
}
