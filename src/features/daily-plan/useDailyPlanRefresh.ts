// The daily plan's background refresh: the day's plan and its visits.
import { api, callWithRelogin } from '../../session/api';
import { useBackgroundRefresh } from '../../session/useBackgroundRefresh';
import type { BackgroundRefresh } from '../../session/useBackgroundRefresh';
import { pullDailyPlan, pullVisits } from './visitsRepo';

export function useDailyPlanRefresh(day: string): BackgroundRefresh {
  return useBackgroundRefresh(`daily-plan:${day}`, () => callWithRelogin(() => Promise.all([pullDailyPlan(api, day), pullVisits(api, day)])));
}
