import { describe, expect, it } from 'vitest';
import { ALL_BUILDINGS_RECORD_LIMIT, buildingsToTake, sizeOf, sizeOfBuilding, suggestedScope } from './takeDayBuildings';

describe('which buildings a take puts on the phone', () => {
  const assigned = [101, 102, 103, 104, 105];

  it('takes the plan first, then the current building and those with unsent changes, then the others', () => {
    expect(buildingsToTake({ assigned, planned: [104, 102], current: 101, pending: [105, 102], scope: 'all' })).toEqual([104, 102, 101, 105, 103]);
  });

  it('limited to the plan, still takes the current building and those with unsent changes', () => {
    expect(buildingsToTake({ assigned, planned: [104, 102], current: 101, pending: [105], scope: 'plan' })).toEqual([104, 102, 101, 105]);
  });

  it('limited to a plan there is none of (a role without a plan), takes every building', () => {
    expect(buildingsToTake({ assigned: [102, 103], planned: [], current: 103, pending: [], scope: 'plan' })).toEqual([103, 102]);
  });

  it('never asks for a building the worker is not assigned to', () => {
    expect(buildingsToTake({ assigned: [101, 102], planned: [102, 999], current: 998, pending: [997], scope: 'all' })).toEqual([102, 101]);
  });
});

describe('the size of a take', () => {
  it('counts what the device holds of a building, and guesses from its apartments otherwise', () => {
    expect(sizeOfBuilding(30, { records: 512, photos: 60 })).toEqual({ records: 512, photos: 60 });
    const guessed = sizeOfBuilding(30, { records: 0, photos: 0 });
    expect(guessed.records).toBeGreaterThan(30);
    expect(guessed.photos).toBe(60);
    const sizes = new Map([
      [1, { records: 100, photos: 4 }],
      [2, { records: 50, photos: 2 }],
    ]);
    expect(sizeOf([1, 2, 3], sizes)).toEqual({ buildings: 3, records: 150, photos: 6 });
  });

  it('suggests every building for a worker with 40 buildings of 25 apartments, and the plan above the limit', () => {
    const forty = sizeOf(
      Array.from({ length: 40 }, (_, i) => i),
      new Map(Array.from({ length: 40 }, (_, i) => [i, sizeOfBuilding(25, null)])),
    );
    expect(suggestedScope(forty)).toBe('all');
    expect(suggestedScope({ buildings: 200, records: ALL_BUILDINGS_RECORD_LIMIT + 1, photos: 0 })).toBe('plan');
  });
});
