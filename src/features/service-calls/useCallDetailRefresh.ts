import { useEffect } from 'react';
import { api, callWithRelogin } from '../../session/api';
import { useOnline } from '../../ui/useOnline';
import { pullServiceCallFiles } from './serviceCallFiles';
import { pullServiceCall } from './serviceCallsRepo';
import { refreshClosingMessageDays } from './serviceCallSettings';

/** Brings the call, its updates, its photos and the closing-days setting up to date when online. */
export function useCallDetailRefresh(id: string, known: boolean): void {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    void (async () => {
      try {
        await callWithRelogin(async () => {
          await pullServiceCall(api, id);
          await pullServiceCallFiles(api, id);
        });
      } catch {
        // A call made offline is not on the server until it replays; the device copy is shown meanwhile.
      }
      try {
        await refreshClosingMessageDays(api);
      } catch {
        // The stored (or default) number of days stays in use.
      }
    })();
  }, [id, online, known]);
}
