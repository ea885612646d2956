import { useEffect } from 'react';
import { getSessionData } from '../../api/calls/auth';
import { loadSession, updateSession } from '../../db/sessionVault';
import { api, callWithRelogin } from '../../session/api';
import { sessionFieldsFromUser } from '../../session/sessionFromUser';

/** Refreshes the user's details from the server when the profile opens (renewing an expired token). */
export function useProfileRefresh(): void {
  useEffect(() => {
    let active = true;
    void callWithRelogin(async () => getSessionData(api, (await loadSession()).sessionToken))
      .then(async (data) => {
        if (active) await updateSession(sessionFieldsFromUser(data));
      })
      // Offline or logged out: the stored details stay on screen.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
}
