import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { forgetTakenBuildingsExcept, markBuildingTaken, takenBuilding, takenBuildings } from './takenBuildings';

beforeEach(async () => {
  await db.open();
  await db.meta.clear();
});

describe('buildings taken offline', () => {
  it('remembers each building a take finished, with when', async () => {
    expect(await takenBuilding(101)).toBeNull();
    await markBuildingTaken(101, '2026-11-28T06:00:00.000Z');
    await markBuildingTaken(102, '2026-11-28T06:00:01.000Z');
    await markBuildingTaken(101, '2026-11-29T06:00:00.000Z');
    expect(await takenBuilding(101)).toEqual({ buildingId: 101, takenAt: '2026-11-29T06:00:00.000Z' });
    expect([...(await takenBuildings()).keys()].sort()).toEqual([101, 102]);
  });

  it('a limited take forgets the buildings it left out, and ignores rows that are not records', async () => {
    await markBuildingTaken(101, '2026-11-28T06:00:00.000Z');
    await markBuildingTaken(102, '2026-11-28T06:00:00.000Z');
    await db.meta.put({ key: 'takenOffline:103', value: 'garbage' });
    await db.meta.put({ key: 'profile:x', value: { buildingId: 9, takenAt: 'x' } });
    expect(await takenBuilding(103)).toBeNull();
    await forgetTakenBuildingsExcept([102]);
    expect([...(await takenBuildings()).keys()]).toEqual([102]);
    expect(await db.meta.get('takenOffline:103')).toBeUndefined();
    expect(await db.meta.get('profile:x')).toBeDefined();
  });
});
