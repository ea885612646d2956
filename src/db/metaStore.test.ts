import { describe, expect, it } from 'vitest';
import { metaStore } from './metaStore';
import { createSessionVault, emptySession } from './sessionVault';

const databaseNames = async () => (await indexedDB.databases()).map((d) => d.name);

describe('meta table without Dexie (the sign-in page)', () => {
  it('reads a device that never signed in without creating the database, keeps a cache row until Dexie opens it, then reads and writes through it', async () => {
    const vault = createSessionVault(metaStore, null, { channel: null });
    expect(await vault.loadSession()).toEqual(emptySession);
    expect(await metaStore.get('i18n.dictionary.1')).toBeUndefined();
    await metaStore.putWhenStored({ key: 'i18n.dictionary.1', value: [{ key: 'a', text: 'b' }] });
    expect(await databaseNames()).not.toContain('binyan');
    expect((await metaStore.get('i18n.dictionary.1'))?.value).toEqual([{ key: 'a', text: 'b' }]);

    // A sign-in saves the session: that write must land, so Dexie loads and creates the database.
    await vault.saveSession({ ...emptySession, userName: 'avi', compID: 1001 });
    expect(await databaseNames()).toContain('binyan');
    const { db } = await import('./db');
    await expect.poll(async () => (await db.meta.get('i18n.dictionary.1'))?.value).toEqual([{ key: 'a', text: 'b' }]);
    expect(typeof (await db.meta.get('session.data'))?.value).toBe('string');

    const again = createSessionVault(metaStore, null, { channel: null });
    expect((await again.loadSession()).userName).toBe('avi');
  });
});
