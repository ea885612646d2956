// Component tests: render under a signed-in session (the rule table of src/lib/rights reads its role).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { emptySession } from '../../db/sessionVault';
import type { Session } from '../../db/sessionVault';
import { applyServerRecords } from '../../sync/write/rows';
import { resetDb } from '../../sync/testing/setup';
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
  const value: SessionContextValue = {
    ready: true,
    session: { ...signedInWorker, ...session },
    loggedIn: true,
    versionStatus: 'ok',
    update: async () => undefined,
  };
  return render(<SessionContext.Provider value={value}>{ui}</SessionContext.Provider>);
}

export const herzlHouse = { id: 101, name: 'Herzl House', city: 'Tel Aviv', number: 1, version: 1 };

/** A screen test's device: an empty database but for the given buildings, and no connection. */
export async function offlineDeviceWith(buildings: Record<string, unknown>[] = [herzlHouse]): Promise<void> {
  await resetDb();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  await applyServerRecords('buildings', buildings);
}
