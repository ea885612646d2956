// The cases every building screen at `base/:bid?` passes: the named building shows chosen (held on the
// device or not) and its data is asked for, choosing another moves to its address, a step back through
// history shows the first again, and without a building in the address the user's current one shows.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Mock } from 'vitest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { initI18n } from '../../i18n/i18n';
import { resetDb } from '../../sync/testing/setup';
import { testBuilding } from '../../directory/testing/testBuilding';
import { AddressHarness } from '../../session/testing/AddressHarness';

export type AddressScreen = { name: string; base: string; screen: ReactNode; load: Mock; role?: string };

const herzl = { id: 101, number: 1, name: 'Herzl House', city: 'Tel Aviv' };
const rothschild = { id: 102, number: 2, name: 'Rothschild Towers', city: 'Haifa' };

const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Building' });
const address = () => screen.getByTestId('address').textContent;
const lastLoaded = (load: Mock): unknown => load.mock.calls.at(-1)?.[0];

/** Runs the cases on each screen; before each test of the file the device is emptied and `load` cleared. */
export function describeAddressBuilding(screens: AddressScreen[]) {
  beforeAll(async () => {
    await initI18n({ lng: 'en' });
  });
  beforeEach(async () => {
    await resetDb();
    for (const s of screens) s.load.mockClear();
  });
  describe.each(screens)('the $name screen at an address that names a building', ({ base, screen: element, load, role }) => {
    const at = (path: string) => render(<AddressHarness path={path} route={`${base}/:bid?`} screen={element} role={role} />);

    it('shows the named building chosen even when the device does not hold it, and asks for its data', async () => {
      await db.buildings.bulkAdd([testBuilding(rothschild), testBuilding({ ...herzl, id: 103, name: 'Bialik Court' })]);
      at(`${base}/101`);
      await waitFor(() => expect(picker().value).toBe('101'));
      expect(screen.queryByRole('option', { name: 'Choose a building' })).toBeNull();
      await waitFor(() => expect(lastLoaded(load)).toBe(101));
      expect(load.mock.calls.every(([id]) => id === 101)).toBe(true);
    });

    it('moves to the address of the building chosen, and a step back shows the first one again', async () => {
      await db.buildings.bulkAdd([testBuilding(herzl), testBuilding(rothschild)]);
      at(`${base}/101`);
      await waitFor(() => expect(picker().selectedOptions[0]?.textContent).toBe('Herzl House'));
      await act(async () => fireEvent.change(picker(), { target: { value: '102' } }));
      await waitFor(() => expect(address()).toBe(`${base}/102`));
      expect(picker().value).toBe('102');
      await waitFor(() => expect(lastLoaded(load)).toBe(102));
      await act(async () => fireEvent.click(screen.getByTestId('history-back')));
      await waitFor(() => expect(address()).toBe(`${base}/101`));
      expect(picker().value).toBe('101');
      await waitFor(() => expect(lastLoaded(load)).toBe(101));
    });

    it('without a building in its address shows the current one', async () => {
      await db.buildings.bulkAdd([testBuilding(herzl), testBuilding(rothschild)]);
      at(base);
      await waitFor(() => expect(picker().selectedOptions[0]?.textContent).toBe('Rothschild Towers'));
      await waitFor(() => expect(lastLoaded(load)).toBe(102));
    });
  });
}
