import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { earlyRead } from './earlyRead';
import type { BuildingRow } from './schema';

const names = async () => (await db.buildings.toArray()).map((b: BuildingRow) => b.name).sort();

const building = (id: number, name: string) => ({ id, name }) as BuildingRow;

beforeEach(async () => {
  db.close();
  await db.delete();
  await db.open();
});

describe('a read started before its screen', () => {
  it('gives its result once, to the first who asks', async () => {
    await db.buildings.bulkAdd([building(1, 'Herzl House'), building(2, 'Bialik')]);
    const early = earlyRead(names, ['buildings']);
    await early.start();
    expect(early.take()).toEqual(['Bialik', 'Herzl House']);
    expect(early.take()).toBeUndefined();
  });

  it('is dropped when a table it read changes before it is taken', async () => {
    await db.buildings.add(building(1, 'Herzl House'));
    const early = earlyRead(names, ['buildings']);
    await early.start();
    await db.buildings.add(building(2, 'Bialik'));
    expect(early.take()).toBeUndefined();
  });

  it('reads nothing, and creates nothing, on a device without a database', async () => {
    db.close();
    await db.delete();
    let reads = 0;
    const early = earlyRead(async () => (reads += 1), ['buildings']);
    await early.start();
    expect(early.take()).toBeUndefined();
    expect(reads).toBe(0);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(db.name);
  });
});
