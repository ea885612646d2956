import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { FeedChange } from '../../lib/answers';
import { applyFeedChanges } from './changeFeed';
import { applyServerRecords } from '../write/rows';
import type { FeedTables } from './changeFeed';
import { resetDb } from '../testing/setup';

beforeEach(resetDb);

const apartment = (id: string, buildingId: number) => ({
  id,
  buildingId,
  number: id,
  floor: 1,
  entrance: null,
  ownerContactId: null,
  debt: 0,
  version: 1,
  updatedAt: '2026-01-01T00:00:00Z',
});
const inBuilding = async (b: number | null) => (row: Record<string, unknown>) => b === null || row.buildingId === b;

describe('applyFeedChanges (a page of the incremental pull)', () => {
  it('replaces each building sent whole with its own records, and keeps the other buildings', async () => {
    await applyServerRecords('apartments', [apartment('gone-1', 1), apartment('kept-3', 3)]);
    const changes: FeedChange[] = [
      { table: 'apartments', op: 'replace', buildingId: 1, records: [apartment('a-1', 1)] },
      { table: 'apartments', op: 'replace', buildingId: 2, records: [apartment('a-2', 2), apartment('b-2', 2)] },
    ];
    const whole = await applyFeedChanges(changes, new Map([['apartments', { scope: inBuilding }]]), Date.now());
    expect([...whole].sort()).toEqual([1, 2]);
    expect((await db.apartments.toArray()).map((a) => a.id).sort()).toEqual(['a-1', 'a-2', 'b-2', 'kept-3']);
  });

  it('applies a page all or nothing: a table that fails leaves the tables before it as they were', async () => {
    const tables: FeedTables = new Map([
      ['apartments', { scope: inBuilding }],
      ['contacts', { scope: inBuilding, apply: () => Promise.reject(new Error('disk full')) }],
    ]);
    const changes: FeedChange[] = [
      { table: 'apartments', op: 'replace', buildingId: 1, records: [apartment('a-1', 1)] },
      { table: 'contacts', op: 'replace', buildingId: 1, records: [{ id: 'c-1', buildingId: 1 }] },
    ];
    await expect(applyFeedChanges(changes, tables, Date.now())).rejects.toThrow('disk full');
    expect(await db.apartments.count()).toBe(0);
  });
});
