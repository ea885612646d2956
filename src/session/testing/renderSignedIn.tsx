// Component tests: render under a signed-in session (the rule table of src/lib/rights reads its role).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { emptySession } from '../../db/sessionVault';
import type { Session } from '../../db/sessionVault';
import { SessionContext } from '../sessionContext';
import type { SessionContextValue } from '../sessionContext';

export const signedInWorker: Session = {
  ...emptySession,
  userName: 'avi',
  compID: 1001,
  sessionToken: 't',
  loggedIn: true,
  WorkerName: 'Avi Cohen',
  role: 'worker',
  PermSrvCall: 1,
  showChecksDeposit: 1,
};

export function renderSignedIn(ui: ReactElement, session: Partial<Session> = {}) {
  const value: SessionContextValue = { ready: true, session: { ...signedInWorker, ...session }, loggedIn: true, versionStatus: 'ok', update: async () => undefined };
  return render(<SessionContext.Provider value={value}>{ui}</SessionContext.Provider>);
}
