// An offline start on the dashboard reads its list while the app's code, its texts and the session
// still load (router.tsx `preloadStart`), so the first render of the dashboard already shows the
// list instead of waiting one more database round (issue 13). Only the first dashboard of the page
// takes it: later ones start from their live query, never from an old copy.
import { openIfStored } from '../../db/db';
import { dashboardList } from './buildingsQueries';
import type { DashboardList } from './buildingsQueries';

let reading: Promise<void> | undefined;
let arrived: DashboardList | undefined;

/** Starts the read, once per page, on a device that has a database (never creates one). */
export function readDashboardEarly(): Promise<void> {
  reading ??= openIfStored()
    .then((opened) => (opened ? dashboardList() : undefined))
    .then(
      (list) => {
        arrived = list;
      },
      () => undefined,
    );
  return reading;
}

/** The early read's list if it has arrived, to the first dashboard that asks (then it is gone). */
export function takeEarlyDashboard(): DashboardList | undefined {
  const list = arrived;
  arrived = undefined;
  return list;
}
