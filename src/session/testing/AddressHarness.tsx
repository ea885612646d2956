// Renders a building screen at an address, signed in with a current building, with the address shown and a
// history-back button (a test handle, no text a user reads), so a screen test sees where the picker moves and what a step back through history shows.
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { emptySession } from '../../db/sessionVault';
import { SessionContext } from '../sessionContext';
import type { SessionContextValue } from '../sessionContext';

function Address() {
  const navigate = useNavigate();
  return (
    <>
      <p data-testid="address">{useLocation().pathname}</p>
      <button type="button" data-testid="history-back" onClick={() => void navigate(-1)} />
    </>
  );
}

/** `screen` at `path` under the route `route`, for a user of `role` whose current building is `current`. */
export function AddressHarness({
  path,
  route,
  screen,
  role = 'manager',
  current = 102,
}: {
  path: string;
  route: string;
  screen: ReactNode;
  role?: string;
  current?: number;
}) {
  const value: SessionContextValue = {
    ready: true,
    loggedIn: true,
    versionStatus: 'skipped',
    session: { ...emptySession, role, bID: current },
    update: async () => undefined,
  };
  return (
    <SessionContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={screen} />
        </Routes>
        <Address />
      </MemoryRouter>
    </SessionContext.Provider>
  );
}
