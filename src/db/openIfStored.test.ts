import { describe, expect, it } from 'vitest';
import { AppDB, db, openIfStored } from './db';

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
    db.close();
    await db.delete();
  });

  it('leaves alone the database another context creates while it looks (a sign-in, the service worker)', async () => {
    const other = new AppDB();
    await Promise.all([
      openIfStored(),
      (async () => {
        await other.open();
        await other.meta.put({ key: 'session.data', value: 'kept' });
      })(),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.isOpen()).toBe(true);
    expect(await databaseNames()).toContain(db.name);
    expect((await other.meta.get('session.data'))?.value).toBe('kept');
    other.close();
  });
});
