// Screens show what the device has at once and refresh it from the API in the background when the
// browser is online. A failed refresh is reported, never thrown: the cached data stays usable.
import { useEffect, useState } from 'react';
import { useOnline } from '../ui/useOnline';

export type RefreshState = { refreshing: boolean; failed: boolean };

export function useBackgroundRefresh(refresh: (() => Promise<unknown>) | null, deps: readonly unknown[]): RefreshState {
  const online = useOnline();
  const [state, setState] = useState<RefreshState>({ refreshing: false, failed: false });
  useEffect(() => {
    if (!online || !refresh) return;
    let active = true;
    setState({ refreshing: true, failed: false });
    refresh().then(
      () => active && setState({ refreshing: false, failed: false }),
      () => active && setState({ refreshing: false, failed: true }),
    );
    return () => {
      active = false;
    };
    // `refresh` is rebuilt on every render; the caller lists what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps list stands for `refresh`
  }, [online, ...deps]);
  return state;
}
