// The dashboard counts each building's open calls: the service-calls feature's pull refreshes them.
import type { ApiClient } from '../api/client';
import { DashboardScreen } from '../features/buildings/DashboardScreen';
import { pullServiceCalls } from '../features/service-calls/serviceCallsRepo';

const refreshOpenCalls = (api: ApiClient) => pullServiceCalls(api, { tab: 'open' });

export function DashboardRoute() {
  return <DashboardScreen refreshCounts={refreshOpenCalls} />;
}
