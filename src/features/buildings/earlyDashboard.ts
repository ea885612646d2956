// An offline start on the dashboard reads its list while the app's code, its texts and the session
// still load (the route's preload, routeTable.ts), so the first render of the dashboard already shows
// the list instead of waiting one more database round (issue 13).
import { earlyRead } from '../../db/earlyRead';
import { dashboardList } from './buildingsQueries';
import type { DashboardList } from './buildingsQueries';

const early = earlyRead(dashboardList, ['buildings', 'serviceCalls']);

export const readDashboardEarly = (): Promise<void> => early.start();

/** The list read early, to the first dashboard of the page (then it is gone). */
export const takeEarlyDashboard = (): DashboardList | undefined => early.take();
