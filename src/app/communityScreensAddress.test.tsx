// Add money, tenant links and polls follow the building their address names.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../db/db';
import { testBuilding } from '../directory/testing/testBuilding';
import type * as ApartmentsRepo from '../directory/apartmentsRepo';
import { AddMoneyScreen } from '../features/charges/AddMoneyScreen';
import { PollsScreen } from '../features/polls/PollsScreen';
import { buildingPolls } from '../features/polls/pollsRepo';
import type * as PollsRepo from '../features/polls/pollsRepo';
import { TenantLinksScreen } from '../features/tenant-links/TenantLinksScreen';
import { buildingLinks } from '../features/tenant-links/tenantLinksRepo';
import type * as TenantLinksRepo from '../features/tenant-links/tenantLinksRepo';
import { AddressHarness } from '../session/testing/AddressHarness';
import { describeAddressBuilding } from './testing/addressBuildingCases';

// The screens' data never comes: these tests are about which building they ask for. Add money asks
// the server only for the apartments of its building.
const { never, apartmentsPulled } = vi.hoisted(() => ({ never: () => new Promise<never>(() => undefined), apartmentsPulled: vi.fn() }));
vi.mock('../directory/apartmentsRepo', async (original) => ({
  ...(await original<typeof ApartmentsRepo>()),
  pullApartments: vi.fn((_api: unknown, buildingId: number) => {
    apartmentsPulled(buildingId);
    return never();
  }),
}));
vi.mock('../features/tenant-links/tenantLinksRepo', async (original) => ({ ...(await original<typeof TenantLinksRepo>()), buildingLinks: vi.fn(never) }));
vi.mock('../features/polls/pollsRepo', async (original) => ({ ...(await original<typeof PollsRepo>()), buildingPolls: vi.fn(never) }));

const screens = [
  { name: 'add money', base: '/add-money', screen: <AddMoneyScreen />, load: apartmentsPulled },
  { name: 'tenant links', base: '/tenant-links', screen: <TenantLinksScreen />, load: vi.mocked(buildingLinks) },
  { name: 'polls', base: '/polls', screen: <PollsScreen />, load: vi.mocked(buildingPolls) },
];

describeAddressBuilding(screens);

describe('the polls screen, when its address changes', () => {
  it('closes a new poll begun for the building left', async () => {
    await db.buildings.bulkAdd([
      testBuilding({ id: 101, number: 1, name: 'Herzl House', city: 'Tel Aviv' }),
      testBuilding({ id: 102, number: 2, name: 'Rothschild Towers', city: 'Haifa' }),
    ]);
    render(<AddressHarness path="/polls/101" route="/polls/:bid?" screen={<PollsScreen />} />);
    const picker = await screen.findByRole('combobox', { name: 'Building' });
    await act(async () => fireEvent.change(picker, { target: { value: '102' } }));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/polls/102'));
    const newPoll = await screen.findByRole('button', { name: 'New poll' });
    await act(async () => fireEvent.click(newPoll));
    expect(screen.getByRole('form', { name: 'New poll' })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('history-back')));
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/polls/101'));
    expect(screen.queryByRole('form', { name: 'New poll' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New poll' })).toBeTruthy();
  });
});
