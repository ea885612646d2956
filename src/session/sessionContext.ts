import { createContext, useCallback, useContext } from 'react';
import type { Session } from '../db/sessionVault';
import type { Action } from '../lib/rights/rights';
import { actorFrom, can } from '../lib/rights/rights';
import type { VersionStatus } from './versionCheck';

export type SessionContextValue = {
  /** False until the start-up (URL parameters, stored session) is done. */
  ready: boolean;
  session: Session;
  /** Non-empty token, non-empty company id and the logged-in flag. */
  loggedIn: boolean;
  versionStatus: VersionStatus;
  update(patch: Partial<Session>): Promise<void>;
};

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession() needs <SessionProvider>');
  return value;
}

/** The rule table of src/lib/rights for the signed-in user: screens hide what it refuses. */
export function useCan(): (action: Action) => boolean {
  const { session } = useSession();
  const { role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule } = session;
  return useCallback(
    (action: Action) => can(actorFrom({ role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule }), action),
    [role, PermSrvCall, PermClearing, showChecksDeposit, allowReceptionistModule],
  );
}
