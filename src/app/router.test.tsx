import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { emptySession } from '../db/sessionVault';
import type { Session } from '../db/sessionVault';
import { SessionContext } from '../session/sessionContext';
import type { SessionContextValue } from '../session/sessionContext';
import { initI18n } from '../i18n/i18n';
import { noteStorageFull, noteStorageWritable } from '../sync/write/storageFull';
import { routeObjects } from './router';
import { appRoutes } from './routeTable';

beforeAll(async () => {
  // The signed-in frame loads on demand in the app (router.tsx); loaded here once, not inside a test's wait.
  await import('./AppLayout');
  await initI18n({ lng: 'en' });
});

const signedIn: Session = {
  ...emptySession,
  userName: 'miri',
  compID: 1001,
  sessionToken: 't',
  loggedIn: true,
  WorkerName: 'Miri Avraham',
  role: 'manager',
  PermSrvCall: 1,
};
const worker: Session = { ...signedIn, userName: 'avi', WorkerName: 'Avi Cohen', role: 'worker' };

function renderAt(path: string, session: Session, overrides: Partial<SessionContextValue> = {}) {
  const update = vi.fn(async () => undefined);
  const value: SessionContextValue = {
    ready: true,
    session,
    loggedIn: session.loggedIn && session.sessionToken !== '',
    versionStatus: 'ok',
    update,
    ...overrides,
  };
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  render(
    <SessionContext.Provider value={value}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { router, update };
}

describe('routes of spec section 2', () => {
  it('registers every route', () => {
    const paths = appRoutes.flatMap((r) => [r.path, ...(r.children ?? []).map((c) => `${r.path}/${c.path}`)]);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/apartments',
        '/search-contact',
        '/service-calls/:bid?',
        '/service-call/:pid',
        '/add-service-calls/:bid?',
        '/add-money/:bid?',
        '/suppliers/:supplierid?',
        '/building-suppliers/:bid',
        '/checksindex',
        '/checks',
        '/checks/checksfill/:checksGroupId',
        '/check-capture',
        '/maintenance-and-facilities',
        '/maintenance-and-facilities/:id',
        '/daily-plan',
        '/financial-report/:contactId?',
        '/user-profile',
        '/tenant-room',
        '/application-feedback',
        '/keys',
        '/add-key',
        '/mail-items',
        '/add-mail-item',
        '/electricity-meter/:bid',
        '/consumption-report/:bid/:meterid',
        '/reading-report/:bid/:meterid',
      ]),
    );
  });

  it('sends a logged-out user to Login, resets the token and remembers the requested path', async () => {
    const { router, update } = renderAt('/keys?x=1', { ...emptySession, sessionToken: 'stale' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(update).toHaveBeenCalledWith({ sessionToken: '', previousPath: '/keys?x=1' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends a logged-in user away from Login to the dashboard', async () => {
    const { router } = renderAt('/login', signedIn);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('sets the page title to the short app name and the route label', async () => {
    renderAt('/user-profile', signedIn);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Binyan – Profile'));
  });

  it('redirects /financial-report to the stored financial-report contact', async () => {
    const { router } = renderAt('/financial-report', { ...signedIn, financialReportContact: '42' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/financial-report/42'));
  });

  it('stores the contact of an opened financial report, for the next plain /financial-report', async () => {
    const { update } = renderAt('/financial-report/77', signedIn);
    await waitFor(() => expect(update).toHaveBeenCalledWith({ financialReportContact: '77' }));
  });

  it('sends an owner with no stored contact to their own financial report', async () => {
    const { router } = renderAt('/financial-report', { ...signedIn, role: 'owner', contactID: 9 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/financial-report/9'));
  });

  it('keeps /financial-report when no contact is stored', async () => {
    const { router } = renderAt('/financial-report', signedIn);
    expect(await screen.findAllByRole('heading', { name: 'Financial report' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/financial-report');
  });

  it('shows Page not found for an unknown path, even logged out', async () => {
    renderAt('/no/such/page', emptySession);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('has a menu button and drawer, hidden by the hn (hide navigation) parameter', async () => {
    renderAt('/user-profile', signedIn);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Mail and deliveries' }).getAttribute('href')).toBe('/mail-items');
    expect(within(nav).getByRole('link', { name: 'Service calls' }).getAttribute('href')).toBe('/service-calls');
    fireEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
  });

  it('hides the navigation when asked to', async () => {
    renderAt('/user-profile', { ...signedIn, hideNavigation: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });

  it('shows checks in the menu only with showChecksDeposit', async () => {
    renderAt('/user-profile', signedIn);
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('link', { name: 'Checks' })).toBeNull();
  });

  it('shows checks in the menu with showChecksDeposit', async () => {
    renderAt('/user-profile', { ...signedIn, showChecksDeposit: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Checks' }).getAttribute('href')).toBe('/checksindex');
  });

  it('offers a worker only what the rule table grants a worker', async () => {
    renderAt('/user-profile', { ...worker, showChecksDeposit: 1 });
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    for (const name of ['Service calls', 'Daily plan', 'Checks', 'Keys']) expect(within(nav).getByRole('link', { name })).toBeTruthy();
    for (const name of ['Financial report', 'Suppliers']) expect(within(nav).queryByRole('link', { name })).toBeNull();
  });

  it('shows "not allowed", never the screen, for a route opened by URL that the user may not use', async () => {
    renderAt('/checksindex', { ...worker, showChecksDeposit: 0 });
    expect(await screen.findByRole('heading', { level: 2, name: 'Not allowed' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home screen' }).getAttribute('href')).toBe('/');
    // The title bar names the route; the checks screen itself never renders.
    expect(screen.queryByText('Choose the building, the apartment and the payer to see their debts.')).toBeNull();
  });

  it('shows the same route to a worker whose showChecksDeposit is on', async () => {
    renderAt('/checksindex', { ...worker, showChecksDeposit: 1 });
    expect(await screen.findByText('Choose the building, the apartment and the payer to see their debts.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not allowed' })).toBeNull();
  });

  it('shows nothing but "not allowed" to a session without a known role', async () => {
    renderAt('/service-calls', { ...signedIn, role: '' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Not allowed' })).toBeTruthy();
  });

  it('shows the unsupported-version notice', async () => {
    renderAt('/user-profile', signedIn, { versionStatus: 'unsupported' });
    expect(await screen.findByText('This app version is no longer supported. Please install the new version')).toBeTruthy();
  });

  it('warns of low storage in the app frame on every screen, with the way to the Sync screen', async () => {
    const estimate = vi.fn(async () => ({ usage: 990 * 1024 * 1024, quota: 1024 * 1024 * 1024 }));
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate, persisted: async () => true } });
    try {
      renderAt('/user-profile', signedIn);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('Storage is almost full (34 MB left)');
      expect(within(alert).getByRole('link', { name: 'Open Sync' }).getAttribute('href')).toBe('/sync');
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  it('says in the app frame that a save failed for a full disk, until a save succeeds', async () => {
    noteStorageFull();
    try {
      renderAt('/user-profile', signedIn);
      expect((await screen.findByRole('alert')).textContent).toContain("The phone's storage is full: the last change was not saved.");
      act(() => noteStorageWritable());
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    } finally {
      noteStorageWritable();
    }
  });

  it('waits for the session before deciding', () => {
    renderAt('/keys', emptySession, { ready: false });
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
