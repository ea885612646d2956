import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { AppDB } from '../../src/db/db';
import { userKeyOf } from '../../src/sync/write/userKey';
import { schemaV1 } from '../../src/db/schema';

describe('schema upgrades', () => {
  it('keeps outbox entries, rows and the session across the upgrade from version 1', async () => {
    const name = 'upgrade-test';
    const owner = await userKeyOf(1001, 'avi');
    const v1 = new Dexie(name);
    v1.version(1).stores(schemaV1);
    await v1.open();
    const legacy = {
      id: 'k-1',
      seq: 1,
      state: 'pending',
      entityKey: 'serviceCalls:c1',
      nextAttemptAt: 0,
      ownerUserKey: owner,
      op: 'create',
      table: 'serviceCalls',
      recordId: 'c1',
      request: { method: 'POST', path: 'service-calls', wrap: 'payload' },
      payload: { id: 'c1', description: 'Leak in the basement' },
      rowPatch: null,
      base: null,
      baseVersion: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      attempts: 2,
      lastError: null,
    };
    await v1.table('outbox').bulkAdd([legacy, { ...legacy, id: 'k-2', seq: 2, entityKey: 'serviceCalls:c2', recordId: 'c2' }]);
    await v1.table('serviceCalls').add({ id: 'c1', buildingId: 1, status: 'open', tab: 'open', syncState: 'local' });
    await v1.table('meta').add({ key: 'outbox.seq', value: 2 });
    v1.close();

    const upgraded = new AppDB(name);
    await upgraded.open();
    expect(upgraded.verno).toBeGreaterThanOrEqual(2);
    const entries = await upgraded.outbox.orderBy('seq').toArray();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ ...legacy, kind: 'mutation', dependsOn: [] });
    expect(await upgraded.outbox.where('[ownerUserKey+seq]').between([owner, 0], [owner, 10]).count()).toBe(2);
    expect(await upgraded.serviceCalls.get('c1')).toMatchObject({ syncState: 'local' });
    expect((await upgraded.meta.get('outbox.seq'))?.value).toBe(2);
    upgraded.close();
    await Dexie.delete(name);
  });
});
