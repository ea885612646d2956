import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../db/db';
import { markBuildingTaken } from '../db/takenBuildings';
import type { BuildingRow } from '../db/schema';
import { initI18n } from '../i18n/i18n';
import { BuildingNotTaken, useNotTaken } from './BuildingNotTaken';

function Screen({ buildingId, refreshFailed = false }: { buildingId: number; refreshFailed?: boolean }) {
  const notTaken = useNotTaken(buildingId, refreshFailed);
  return notTaken ? <BuildingNotTaken buildingId={buildingId} /> : <p>records</p>;
}

const building = (id: number, name: string): BuildingRow => ({
  id,
  companyId: 1001,
  number: id - 100,
  name,
  address: 'הרצל 1',
  city: 'Tel Aviv',
  apartmentsCount: 10,
  logoUrl: null,
  buttonColor: '#1d4ed8',
  pricePerKwh: null,
  bankAccount: null,
  accountName: null,
  propertyType: null,
  managementType: null,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  syncState: 'synced',
});
const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
const words = 'Building Herzl House was not taken offline — connect and take the day offline.';

beforeAll(async () => {
  await initI18n({ lng: 'en' });
});
beforeEach(async () => {
  await db.open();
  await Promise.all([db.meta.clear(), db.buildings.clear()]);
  await db.buildings.add(building(101, 'Herzl House'));
});
afterEach(() => vi.restoreAllMocks());

describe('a building not taken offline', () => {
  it('says so in words offline, or when the screen could not reach the server', async () => {
    setOnline(false);
    const { unmount } = render(<Screen buildingId={101} />);
    expect((await screen.findByRole('status')).textContent).toContain(words);
    unmount();
    setOnline(true);
    render(<Screen buildingId={101} refreshFailed />);
    expect((await screen.findByRole('status')).textContent).toContain(words);
  });

  it('says nothing online, or for a building taken offline', async () => {
    setOnline(true);
    const { unmount } = render(<Screen buildingId={101} />);
    expect(await screen.findByText('records')).toBeTruthy();
    unmount();
    setOnline(false);
    await db.buildings.add(building(102, 'Rothschild Court'));
    await markBuildingTaken(101, '2026-11-28T06:00:00.000Z');
    render(
      <>
        <Screen buildingId={101} />
        <Screen buildingId={102} />
      </>,
    );
    // Both buildings' records are read by then: only the one not taken speaks.
    expect((await screen.findByRole('status')).textContent).toContain('Building Rothschild Court was not taken offline');
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
