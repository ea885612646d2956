// The billing settings, fee schedule and payments screens follow the building their address names.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { Mock } from 'vitest';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db/db';
import { AddressHarness } from '../session/testing/AddressHarness';
import { testBuilding } from '../directory/testing/testBuilding';
import { initI18n } from '../i18n/i18n';
import { resetDb } from '../sync/testing/setup';
import { PaymentsScreen } from '../features/collections/PaymentsScreen';
import { buildingPayments } from '../features/collections/collectionsRepo';
import { FeeScheduleScreen } from '../features/fee-schedule/FeeScheduleScreen';
import { buildingFeeSchedules } from '../features/fee-schedule/feeScheduleRepo';
import { BillingSettingsScreen } from '../features/billing-settings/BillingSettingsScreen';
import { buildingBillingSettings } from '../features/billing-settings/billingSettingsRepo';

// The screens' data never comes: these tests are about which building they ask for.
const { never } = vi.hoisted(() => ({ never: () => new Promise<never>(() => undefined) }));
vi.mock('../features/billing-settings/billingSettingsRepo', () => ({ buildingBillingSettings: vi.fn(never) }));
vi.mock('../features/fee-schedule/feeScheduleRepo', () => ({ buildingFeeSchedules: vi.fn(never) }));
vi.mock('../features/collections/collectionsRepo', () => ({ buildingPayments: vi.fn(never) }));

const screens: { name: string; base: string; screen: ReactNode; load: Mock }[] = [
  { name: 'billing settings', base: '/billing-settings', screen: <BillingSettingsScreen />, load: vi.mocked(buildingBillingSettings) },
  { name: 'fee schedule', base: '/fee-schedule', screen: <FeeScheduleScreen />, load: vi.mocked(buildingFeeSchedules) },
  { name: 'payments', base: '/payments', screen: <PaymentsScreen />, load: vi.mocked(buildingPayments) },
];

const picker = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Building' });
const address = () => screen.getByTestId('address').textContent;
const lastLoaded = (load: Mock) => load.mock.calls.at(-1)?.[0];

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(async () => {
  await resetDb();
  for (const s of screens) s.load.mockClear();
});

describe.each(screens)('the $name screen at an address that names a building', ({ base, screen: element, load }) => {
  const at = (path: string) => render(<AddressHarness path={path} route={`${base}/:bid?`} screen={element} />);

  it('shows the named building chosen even when the device does not hold it, and asks for its data', async () => {
    await db.buildings.add(testBuilding({ id: 102, number: 2, name: 'Rothschild Towers', city: 'Haifa' }));
    at(`${base}/101`);
    await waitFor(() => expect(picker().value).toBe('101'));
    expect(screen.queryByRole('option', { name: 'Choose a building' })).toBeNull();
    await waitFor(() => expect(lastLoaded(load)).toBe(101));
    expect(load.mock.calls.every(([id]) => id === 101)).toBe(true);
  });

  it('moves to the address of the building chosen, and a step back shows the first one again', async () => {
    await db.buildings.bulkAdd([
      testBuilding({ id: 101, number: 1, name: 'Herzl House', city: 'Tel Aviv' }),
      testBuilding({ id: 102, number: 2, name: 'Rothschild Towers', city: 'Haifa' }),
    ]);
    at(`${base}/101`);
    await waitFor(() => expect(picker().selectedOptions[0]?.textContent).toBe('Herzl House'));
    await act(async () => fireEvent.change(picker(), { target: { value: '102' } }));
    await waitFor(() => expect(address()).toBe(`${base}/102`));
    expect(picker().value).toBe('102');
    await waitFor(() => expect(lastLoaded(load)).toBe(102));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    await waitFor(() => expect(address()).toBe(`${base}/101`));
    expect(picker().value).toBe('101');
    await waitFor(() => expect(lastLoaded(load)).toBe(101));
  });

  it('without a building in its address shows the current one', async () => {
    await db.buildings.add(testBuilding({ id: 102, number: 2, name: 'Rothschild Towers', city: 'Haifa' }));
    at(base);
    await waitFor(() => expect(picker().selectedOptions[0]?.textContent).toBe('Rothschild Towers'));
    await waitFor(() => expect(lastLoaded(load)).toBe(102));
  });
});
