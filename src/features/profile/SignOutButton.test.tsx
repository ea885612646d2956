import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { SignOutButton } from './SignOutButton';

const session = vi.hoisted(() => ({ pending: 0, logout: vi.fn(async () => undefined) }));
vi.mock('../../session/logout', () => ({ logout: session.logout, pendingChangesOfCurrentUser: async () => session.pending }));

let onLine = true;
beforeAll(async () => {
  await initI18n({ lng: 'en' });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => onLine });
});
beforeEach(() => {
  session.pending = 0;
  onLine = true;
});
afterEach(() => session.logout.mockClear());

function renderButton() {
  const router = createMemoryRouter(
    [
      { path: '/user-profile', element: <SignOutButton /> },
      { path: '/login', element: <p>login</p> },
    ],
    { initialEntries: ['/user-profile'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('signing out', () => {
  it('signs out at once when online with nothing waiting', async () => {
    const router = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('warns offline that signing back in needs a connection, and signs out only when confirmed', async () => {
    onLine = false;
    const router = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out without a connection?' });
    expect(dialog.textContent).toContain('Signing back in needs a connection');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(session.logout).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it('names both the lost connection and the changes still waiting', async () => {
    onLine = false;
    session.pending = 2;
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out without a connection?' });
    expect(dialog.textContent).toContain('Signing back in needs a connection');
    expect(dialog.textContent).toContain('Changes waiting to be sent: 2');
  });
});
