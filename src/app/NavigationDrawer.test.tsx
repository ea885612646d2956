import { act, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySession } from '../db/sessionVault';
import { initI18n } from '../i18n/i18n';
import { SessionContext } from '../session/sessionContext';
import type { SessionContextValue } from '../session/sessionContext';
import { resetDb } from '../sync/testing/setup';
import { NavigationDrawer } from './NavigationDrawer';

vi.mock('../session/api', () => ({
  api: {},
  callWithRelogin: () => Promise.reject(new Error('offline')),
  withPageClient: () => () => Promise.reject(new Error('offline')),
}));

const session: SessionContextValue = {
  ready: true,
  loggedIn: true,
  versionStatus: 'skipped',
  session: { ...emptySession, compID: 1001, userName: 'avi', WorkerName: 'Avi', loggedIn: true, sessionToken: 't', role: 'worker' },
  update: async () => undefined,
};

let openMenu: () => void = () => undefined;
let closeMenu: () => void = () => undefined;

function Harness() {
  const [open, setOpen] = useState(false);
  openMenu = () => setOpen(true);
  closeMenu = () => setOpen(false);
  return (
    <SessionContext.Provider value={session}>
      <MemoryRouter>
        <NavigationDrawer open={open} onClose={() => setOpen(false)} />
      </MemoryRouter>
    </SessionContext.Provider>
  );
}

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(resetDb);

describe('navigation drawer', () => {
  it('makes its menu at the first opening, not with the app’s start, and keeps it after closing', () => {
    render(<Harness />);
    expect(document.querySelectorAll('#app-navigation a')).toHaveLength(0);
    act(() => openMenu());
    expect(screen.getByRole('link', { name: 'Profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buildings' })).toBeTruthy();
    act(() => closeMenu());
    expect(document.querySelectorAll('#app-navigation a').length).toBeGreaterThan(0);
  });

  it('puts the worker’s home (the day’s plan) first, then the groups under their headings', () => {
    render(<Harness />);
    act(() => openMenu());
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const links = within(nav).getAllByRole('link');
    expect(links[0]?.textContent).toBe('Daily plan');
    // No Money heading: this worker's checks (showChecksDeposit) are off, so the group has nothing.
    expect(
      within(nav)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Field work', 'Office and documents', 'Community', 'You and the app']);
    const field = within(nav).getByRole('list', { name: 'Field work' });
    expect(within(field).getByRole('link', { name: 'Buildings' }).getAttribute('href')).toBe('/buildings');
    expect(within(field).queryByRole('link', { name: 'Daily plan' })).toBeNull();
    expect(within(within(nav).getByRole('list', { name: 'You and the app' })).getByRole('link', { name: 'Profile' })).toBeTruthy();
  });
});
