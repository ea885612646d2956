// After sign-in (issue 4): ask the browser to keep our data, take the day offline with visible
// progress, and replay what this user left pending before the last logout.
import { pullProfile } from '../features/profile/profileRepo';
import { requestPersistentStorage } from '../features/sync/storage';
import { api, callWithRelogin } from '../session/api';
import { loadSession } from '../db/sessionVault';
import { pullAccount } from '../features/tenant/accountRepo';
import { actorFrom, can } from '../lib/rights/rights';
import { requestReplayNow, startSync } from '../session/syncController';
import type { TakeDayProgress } from '../session/takeDayOffline';
import { takeTheDayOffline } from './TakeDayOfflineProvider';

export async function prepareAfterLogin(onProgress: (p: Pick<TakeDayProgress, 'done' | 'total'>) => void): Promise<void> {
  await requestPersistentStorage();
  // The sign-in page runs no replay (it loads without the engine): what this user left pending goes now.
  startSync();
  requestReplayNow();
  // Whether the terms of use are approved (app/TermsGate.tsx) is learnt while the connection is there,
  // beside the day's download rather than before it.
  const profile = callWithRelogin(() => pullProfile(api)).catch(() => undefined);
  try {
    await takeOwnDay(onProgress);
  } finally {
    await profile;
  }
}

async function takeOwnDay(onProgress: (p: Pick<TakeDayProgress, 'done' | 'total'>) => void): Promise<void> {
  // A tenant's day offline is their apartment (issue 14), not the workers' buildings.
  if (can(actorFrom(await loadSession()), 'account.read')) {
    await pullAccount().catch(() => undefined);
    return;
  }
  try {
    // What the day certainly needs (today's plan, the current building, unsent changes), so the sign-in
    // stays short; every other building waits for the worker's own take, which shows its size first.
    // Buildings a take put on the phone earlier stay there (a sign-in again in the middle of the day).
    // The photos follow once the dashboard is on screen.
    await takeTheDayOffline({ scope: 'plan', keepOtherBuildings: true, photos: 'later', onProgress: ({ done, total }) => onProgress({ done, total }) });
  } catch {
    // Offline right after sign-in: the screens load what they can and the Sync screen can retry.
  }
}
