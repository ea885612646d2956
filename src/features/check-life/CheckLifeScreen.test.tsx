import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { emptySession } from '../../db/sessionVault';
import { testBuilding } from '../../directory/testing/testBuilding';
import { initI18n } from '../../i18n/i18n';
import { SessionContext } from '../../session/sessionContext';
import type { SessionContextValue } from '../../session/sessionContext';
import { resetDb } from '../../sync/testing/setup';
import { CheckLifeScreen } from './CheckLifeScreen';
import { buildingChecks } from './checkLifeRepo';

const HERZL = 'Herzl House';
const ROTHSCHILD = 'Rothschild Towers';
const names: Record<number, string> = { 101: HERZL, 102: ROTHSCHILD };

vi.mock('./checkLifeRepo', () => ({
  buildingChecks: vi.fn(async (buildingId: number) => ({ records: [], today: '2026-03-10', building: { id: buildingId, name: names[buildingId] ?? '' } })),
  bounceFeesOf: vi.fn(async () => ({ records: [], today: '2026-03-10', inEffectAgorot: 0 })),
  moveCheck: vi.fn(),
  addBounceFee: vi.fn(),
}));

function Address() {
  return <p data-testid="address">{useLocation().pathname}</p>;
}

/** The office's staff, signed in, whose current building is 102, opening `path`. */
function Harness({ path }: { path: string }) {
  const value: SessionContextValue = {
    ready: true,
    loggedIn: true,
    versionStatus: 'skipped',
    session: { ...emptySession, role: 'manager', bID: 102 },
    update: async () => undefined,
  };
  return (
    <SessionContext.Provider value={value}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/check-life/:bid?" element={<CheckLifeScreen />} />
        </Routes>
        <Address />
      </MemoryRouter>
    </SessionContext.Provider>
  );
}

const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Building' });
const chosenLabel = () => picker().selectedOptions[0]?.textContent;

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(async () => {
  await resetDb();
  vi.mocked(buildingChecks).mockClear();
});

describe('the checks screen at an address that names a building', () => {
  it('shows the named building chosen even when the device does not hold it, and its checks', async () => {
    await db.buildings.add(testBuilding({ id: 102, number: 2, name: ROTHSCHILD, city: 'Haifa' }));
    render(<Harness path="/check-life/101" />);
    await waitFor(() => expect(chosenLabel()).toBe('Herzl House'));
    expect(picker().value).toBe('101');
    expect(screen.queryByRole('option', { name: 'Choose a building' })).toBeNull();
    expect(vi.mocked(buildingChecks).mock.calls.every(([id]) => id === 101)).toBe(true);
  });

  it('moves to the address of the building chosen, and shows its checks', async () => {
    await db.buildings.bulkAdd([
      testBuilding({ id: 101, number: 1, name: HERZL, city: 'Tel Aviv' }),
      testBuilding({ id: 102, number: 2, name: ROTHSCHILD, city: 'Haifa' }),
    ]);
    render(<Harness path="/check-life/101" />);
    await waitFor(() => expect(chosenLabel()).toBe('Herzl House'));
    await act(async () => fireEvent.change(picker(), { target: { value: '102' } }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/check-life/102'));
    expect(chosenLabel()).toBe('Rothschild Towers');
    await waitFor(() => expect(vi.mocked(buildingChecks)).toHaveBeenCalledWith(102, 'all', null));
  });

  it('without a building in its address shows the current one', async () => {
    await db.buildings.add(testBuilding({ id: 102, number: 2, name: ROTHSCHILD, city: 'Haifa' }));
    render(<Harness path="/check-life" />);
    await waitFor(() => expect(chosenLabel()).toBe('Rothschild Towers'));
  });
});
