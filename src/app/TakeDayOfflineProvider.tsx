// The app's "take the day offline" for every screen that offers it. The composition of the features'
// pulls (takeDayOffline.ts) and the estimate (takeDayEstimate.ts) load on first use, so the first
// paint does not carry every repository.
import type { ReactNode } from 'react';
import { loadSession } from '../db/sessionVault';
import { toLocalDateString } from '../lib/dates';
import { actorFrom, can } from '../lib/rights/rights';
import { TakeDayOfflineContext } from '../session/takeDayOffline';
import type { TakeDayEstimate, TakeDayOffline, TakeDayService } from '../session/takeDayOffline';

async function estimateTheDay(): Promise<TakeDayEstimate> {
  const [{ estimateTakeDay }, session] = await Promise.all([import('./takeDayEstimate'), loadSession()]);
  return estimateTakeDay({ workerId: session.workerGUID || session.userName, date: toLocalDateString(new Date()), current: session.bID });
}

/** A -1 answer renews the session once and the download starts again. Without a scope, the estimate's. */
export const takeTheDayOffline: TakeDayOffline = async (options = {}) => {
  const [{ takeDayOfflineWithPageClient }, session] = await Promise.all([import('./takeDayOffline'), loadSession()]);
  const actor = actorFrom(session);
  const scope = options.scope ?? (await estimateTheDay()).suggested;
  return takeDayOfflineWithPageClient({ ...options, scope, currentBuildingId: session.bID, may: (action) => can(actor, action) });
};

const service: TakeDayService = { take: takeTheDayOffline, estimate: estimateTheDay };

export function TakeDayOfflineProvider({ children }: { children: ReactNode }) {
  return <TakeDayOfflineContext.Provider value={service}>{children}</TakeDayOfflineContext.Provider>;
}
