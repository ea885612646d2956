import { describe, expect, it } from 'vitest';
import { db, openIfStored } from './db';

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name);

describe('opening the database early on a start', () => {
  it('never creates it on a device without one, and opens the one a device has', async () => {
    await openIfStored();
    expect(db.isOpen()).toBe(false);
    expect(await databaseNames()).not.toContain(db.name);

    await db.open();
    db.close();
    expect(db.isOpen()).toBe(false);
    await openIfStored();
    expect(db.isOpen()).toBe(true);
  });
});
