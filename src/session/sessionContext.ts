import { createContext, useContext } from 'react';
import type { Session } from '../db/sessionVault';
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
