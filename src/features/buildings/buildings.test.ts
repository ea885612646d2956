import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { BuildingRow, ServiceCallRow } from '../../db/schema';
import type { Building } from '../../lib/domain/entities';
import { resetDb } from '../../sync/testing/setup';
import { filterAndSortBuildings, initialsOf, matchesBuilding, parseBuildingOrder, textColorOn } from './buildingListing';
import { buildingProfile, openCallCounts } from './buildingsQueries';
import { testBuilding } from '../../directory/testing/testBuilding';

const building = (id: number, number: number, name: string, city: string, address = 'הרצל 1'): BuildingRow => testBuilding({ id, number, name, city, address });

const list: Building[] = [building(1, 3, 'בית הרצל', 'תל אביב-יפו'), building(2, 1, 'מגדלי רוטשילד', 'חיפה', 'רוטשילד 45'), building(3, 2, 'אלון', 'ירושלים')];

describe('building listing', () => {
  it('searches name, address, city and number with every word', () => {
    expect(matchesBuilding(list[0]!, 'הרצל תל')).toBe(true);
    expect(matchesBuilding(list[1]!, 'רוטשילד 45')).toBe(true);
    expect(matchesBuilding(list[1]!, 'רוטשילד ירושלים')).toBe(false);
    expect(filterAndSortBuildings(list, new Map(), '  ', 'number').map((i) => i.building.id)).toEqual([2, 3, 1]);
  });

  it('orders by name, city, number or open calls (most first)', () => {
    const calls = new Map([
      [3, 4],
      [1, 1],
    ]);
    expect(filterAndSortBuildings(list, calls, '', 'name').map((i) => i.building.id)).toEqual([3, 1, 2]);
    expect(filterAndSortBuildings(list, calls, '', 'city').map((i) => i.building.id)).toEqual([2, 3, 1]);
    expect(filterAndSortBuildings(list, calls, '', 'openCalls').map((i) => [i.building.id, i.openCalls])).toEqual([
      [3, 4],
      [1, 1],
      [2, 0],
    ]);
    expect(parseBuildingOrder('bogus')).toBe('name');
  });

  it('falls back to initials and picks readable text on the accent colour', () => {
    expect(initialsOf('בית הרצל')).toBe('בה');
    expect(initialsOf('tower')).toBe('T');
    expect(textColorOn('#1d4ed8')).toBe('#ffffff');
    expect(textColorOn('#fde68a')).toBe('#0f172a');
  });
});

describe('buildingsRepo', () => {
  beforeEach(resetDb);

  it('counts open calls per building from the cached calls', async () => {
    await db.buildings.bulkAdd([building(101, 1, 'A', 'X'), building(102, 2, 'B', 'Y')]);
    const call = (id: string, buildingId: number, tab: ServiceCallRow['tab']) =>
      ({ id, buildingId, tab, openedAt: '2026-01-01T08:00:00.000Z', lastUpdateAt: '2026-01-01' }) as ServiceCallRow;
    await db.serviceCalls.bulkAdd([call('1', 101, 'open'), call('2', 101, 'open'), call('3', 101, 'closed'), call('4', 102, 'planned')]);
    expect(Object.fromEntries(await openCallCounts())).toEqual({ 101: 2 });
    expect(await buildingProfile(101)).toMatchObject({ openCalls: 2, pendingKeys: 0, pendingMailItems: 0 });
    expect(await buildingProfile(999)).toBeNull();
  });
});
