import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { emptySession, isLoggedIn, loadSession, sessionVault, updateSession } from '../db/sessionVault';
import type { Session } from '../db/sessionVault';
import { SessionContext } from './sessionContext';
import type { SessionContextValue } from './sessionContext';
import { userKeyOf } from '../sync/write/userKey';
import { checkVersionDaily, scheduleVersionChecks } from './versionCheck';
import type { VersionStatus } from './versionCheck';

type Props = {
  children: ReactNode;
  /** The start-up of the sign-in feature (URL parameters, silent renewal); component tests pass their own. */
  startup: () => Promise<void>;
  versionCheck?: () => Promise<VersionStatus>;
};

export function SessionProvider({ children, startup, versionCheck = checkVersionDaily }: Props) {
  const [ready, setReady] = useState(false);
  const [session, setSession] = useState<Session>(emptySession);
  const [versionStatus, setVersionStatus] = useState<VersionStatus>('skipped');

  useEffect(() => {
    let active = true;
    let stopVersionChecks: () => void = () => undefined;
    const stop = sessionVault().subscribe((s) => {
      if (active) setSession(s);
    });
    void (async () => {
      try {
        await startup();
      } catch {
        // A broken start-up parameter must not keep the app from opening.
      }
      const loaded = await loadSession();
      if (!active) return;
      // The signed-in screens' first reads need the user's key (useOwnerKey): worked out while they render.
      if (loaded.compID !== null && loaded.userName) await userKeyOf(loaded.compID, loaded.userName).catch(() => undefined);
      if (!active) return;
      setSession(loaded);
      setReady(true);
      stopVersionChecks = scheduleVersionChecks(versionCheck, { onStatus: setVersionStatus });
    })();
    return () => {
      active = false;
      stop();
      stopVersionChecks();
    };
  }, [startup, versionCheck]);

  const value = useMemo<SessionContextValue>(
    () => ({
      ready,
      session,
      loggedIn: isLoggedIn(session),
      versionStatus,
      update: async (patch) => {
        await updateSession(patch);
      },
    }),
    [ready, session, versionStatus],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
