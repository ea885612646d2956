import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import type { BuildingRow, ServiceCallRow } from '../../db/schema';
import { emptySession } from '../../db/sessionVault';
import type { Session } from '../../db/sessionVault';
import { initI18n } from '../../i18n/i18n';
import { resetDb } from '../../sync/testing/setup';
import { SessionContext } from '../../session/sessionContext';
import type { SessionContextValue } from '../../session/sessionContext';
import { DashboardScreen } from './DashboardScreen';
import { readDashboardEarly } from './earlyDashboard';
import { testBuilding } from '../../directory/testing/testBuilding';

vi.mock('../../session/api', () => ({ api: {}, callWithRelogin: () => Promise.reject(new Error('offline')) }));

const building = (id: number, number: number, name: string, city: string): BuildingRow =>
  testBuilding({ id, number, name, city, address: `Main ${number}`, apartmentsCount: 8 + number, buttonColor: '#047857' });

/** A session whose `update` behaves like the vault: the screen re-renders with the patched session. */
function Harness({ initial, onUpdate }: { initial: Partial<Session>; onUpdate(patch: Partial<Session>): void }) {
  const [session, setSession] = useState<Session>({ ...emptySession, ...initial });
  const value: SessionContextValue = {
    ready: true,
    loggedIn: true,
    versionStatus: 'skipped',
    session,
    update: async (patch) => {
      onUpdate(patch);
      setSession((s) => ({ ...s, ...patch }));
    },
  };
  return (
    <SessionContext.Provider value={value}>
      <MemoryRouter>
        <DashboardScreen />
      </MemoryRouter>
    </SessionContext.Provider>
  );
}

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(resetDb);

describe('Dashboard', () => {
  it('offers to take the day offline when no building is on the device', async () => {
    render(<Harness initial={{}} onUpdate={() => undefined} />);
    expect(await screen.findByText('No buildings on this device yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Take the day offline' })).toBeTruthy();
  });

  it('searches and orders from session state, shows open calls, and selects the current building', async () => {
    await db.buildings.bulkAdd([building(101, 1, 'Herzl House', 'Tel Aviv'), building(102, 2, 'Rothschild Towers', 'Haifa')]);
    await db.serviceCalls.bulkAdd(
      [1, 2].map((n) => ({ id: `c${n}`, buildingId: 102, tab: 'open', openedAt: '2026-01-01T08:00:00.000Z', lastUpdateAt: '2026-01-01' }) as ServiceCallRow),
    );
    const updates: Partial<Session>[] = [];
    render(<Harness initial={{ buildingsOrder: 'openCalls' }} onUpdate={(p) => updates.push(p)} />);

    const list = await screen.findByRole('region', { name: /Buildings/ });
    const rows = await within(list).findAllByRole('button');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Rothschild Towers'), expect.stringContaining('Herzl House')]);
    expect(rows[0]?.textContent).toContain('2 open calls');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search buildings' }), { target: { value: 'tel aviv' } });
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(1));
    await waitFor(() => expect(updates).toContainEqual({ buildingsSearch: 'tel aviv' }));

    await act(async () => fireEvent.click(within(list).getByRole('button', { name: /Herzl House/ })));
    expect(updates).toContainEqual({ bID: 101 });
    expect(await screen.findByRole('heading', { level: 2, name: 'Herzl House' })).toBeTruthy();
    const links = screen.getByRole('navigation', { name: 'Screens for Herzl House' });
    expect(within(links).getByRole('link', { name: 'Service calls' }).getAttribute('href')).toBe('/service-calls/101');
    expect(within(links).getByRole('link', { name: 'Electricity meters' }).getAttribute('href')).toBe('/electricity-meter/101');
    expect(
      within(list)
        .getByRole('button', { name: /Herzl House/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search buildings' }), { target: { value: 'nowhere' } });
    expect(await screen.findByText('No building matches “nowhere”.')).toBeTruthy();
  });
});

describe('Dashboard on a start (its list read early)', () => {
  it('shows the early list at its first render, and a later dashboard starts from its own read', async () => {
    await db.buildings.bulkAdd([building(101, 1, 'Herzl House', 'Tel Aviv'), building(102, 2, 'Rothschild Towers', 'Haifa')]);
    await db.serviceCalls.bulkAdd([
      { id: 'c1', buildingId: 102, tab: 'open', openedAt: '2026-01-01T08:00:00.000Z', lastUpdateAt: '2026-01-01' } as ServiceCallRow,
    ]);
    await readDashboardEarly();
    const first = render(<Harness initial={{}} onUpdate={() => undefined} />);
    // render() flushes synchronously: without the early list the dashboard would still be loading here.
    expect(
      within(screen.getByRole('list'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringContaining('Herzl House'), expect.stringContaining('Rothschild Towers')]);
    expect(screen.getByRole('button', { name: /Rothschild Towers/ }).textContent).toContain('1 open call');
    first.unmount();

    render(<Harness initial={{}} onUpdate={() => undefined} />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(await screen.findByRole('button', { name: /Herzl House/ })).toBeTruthy();
  });
});
