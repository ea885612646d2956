// The app's "take the day offline" for every screen that offers it. The composition of the features'
// pulls (takeDayOffline.ts) loads on first use, so the first paint does not carry every repository.
import type { ReactNode } from 'react';
import { api, callWithRelogin } from '../session/api';
import { TakeDayOfflineContext } from '../session/takeDayOffline';
import type { TakeDayOffline } from '../session/takeDayOffline';

/** A -1 answer renews the session once and the download starts again. */
export const takeTheDayOffline: TakeDayOffline = async (options = {}) => {
  const { takeDayOffline } = await import('./takeDayOffline');
  return callWithRelogin(() => takeDayOffline(api, options));
};

export function TakeDayOfflineProvider({ children }: { children: ReactNode }) {
  return <TakeDayOfflineContext.Provider value={takeTheDayOffline}>{children}</TakeDayOfflineContext.Provider>;
}
