// Changes the device keeps as its own records in `meta` (feedback, quick charges, desk visitors, profile
// requests): the server's answer must not replace the local copy, whatever record it carries.
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { createRig, resetDb, USER } from '../testing/setup';
import { createRecord } from './writePath';
import type { MetaOutboxKey } from './outboxSubjects';

beforeEach(resetDb);

async function addLocalRecord(id: string): Promise<string> {
  const key: MetaOutboxKey = `charge.add:${id}`;
  const value = { id, amount: 12_500, description: 'Elevator repair' };
  await createRecord({ table: 'meta', id: key, row: { key, value }, path: 'charges', payload: value, userKey: USER });
  return key;
}

describe.each([false, true])('a local record answered with a server record (batches %s)', (serverBatches) => {
  it('is sent once, leaves the outbox, and keeps its local copy marked synced', async () => {
    const rig = createRig({ serverBatches });
    const first = await addLocalRecord('c1');
    const second = await addLocalRecord('c2');
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ applied: 2, remaining: 0, attention: 0 });
    expect(rig.server.applied).toHaveLength(2);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get(first)).toMatchObject({ key: first, value: { id: 'c1', amount: 12_500 }, syncState: 'synced' });
    expect(await db.meta.get(second)).toMatchObject({ key: second, value: { id: 'c2' }, syncState: 'synced' });
  });
});

describe.each([false, true])('an answer the device cannot store (batches %s)', (serverBatches) => {
  it('keeps the change waiting with backoff and the reason, instead of sending it again at once', async () => {
    const rig = createRig({ serverBatches });
    // The answer's record carries a key IndexedDB refuses, so writing the row fails.
    await createRecord({ table: 'meta', id: 'charge.add:odd', row: { key: 'charge.add:odd', value: 1 }, path: 'odd', payload: { key: true }, userKey: USER });
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ applied: 0, remaining: 1 });
    expect(rig.server.applied).toHaveLength(1);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1, lastError: { kind: 'retry', code: 'device' } });
    expect(entry?.nextAttemptAt).toBeGreaterThan(rig.clock.t);
  });
});
