import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db/db';
import { testBuilding } from '../directory/testing/testBuilding';
import { resetDb } from '../sync/testing/setup';
import { GUESS_PHOTOS_PER_APARTMENT, GUESS_RECORDS_PER_APARTMENT, GUESS_RECORDS_PER_BUILDING } from './takeDayBuildings';
import { estimateTakeDay } from './takeDayEstimate';

const apartment = (id: string, buildingId: number) => ({
  id,
  buildingId,
  number: id,
  floor: 1,
  entrance: null,
  area: null,
  parking: null,
  debt: 0,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
  syncState: 'synced' as const,
});

beforeEach(resetDb);

describe('the size of a take, before it starts', () => {
  it('counts the rows of the buildings on the device, guesses the others, and sizes the plan apart', async () => {
    await db.buildings.bulkAdd([
      testBuilding({ id: 101, number: 1, name: 'Herzl House', city: 'Tel Aviv', apartmentsCount: 12 }),
      testBuilding({ id: 102, number: 2, name: 'Rothschild Court', city: 'Tel Aviv', apartmentsCount: 20 }),
      testBuilding({ id: 103, number: 3, name: 'Jaffa Gate', city: 'Tel Aviv', apartmentsCount: 8 }),
    ]);
    await db.apartments.bulkAdd([apartment('a1', 101), apartment('a2', 101), apartment('a3', 101)]);
    await db.dailyPlans.put({ key: 'w-avi:2026-11-28', planDate: '2026-11-28', workerId: 'w-avi', entries: [{ buildingId: 103, order: 1, checklist: [] }] });

    const estimate = await estimateTakeDay({ workerId: 'w-avi', date: '2026-11-28', current: 101 });
    const guessed = (apartments: number) => GUESS_RECORDS_PER_BUILDING + apartments * GUESS_RECORDS_PER_APARTMENT;
    expect(estimate.all).toEqual({ buildings: 3, records: 3 + guessed(20) + guessed(8), photos: (20 + 8) * GUESS_PHOTOS_PER_APARTMENT });
    expect(estimate.plan).toEqual({ buildings: 2, records: 3 + guessed(8), photos: 8 * GUESS_PHOTOS_PER_APARTMENT });
    expect(estimate.suggested).toBe('all');
    expect(estimate.photoBudget).toBe(20 * 1024 * 1024);
  });
});
