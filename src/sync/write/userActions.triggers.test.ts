// A user's decision on the Sync screen makes an entry ready to send: the replay triggers must hear
// about it like about a new change (found by the browser chaos suite: after "save and send again"
// nothing was sent until the 30 s idle timer came round).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { subscribeOutboxWrites } from './outboxEvents';
import type { OutboxEntry } from '../../db/outboxRows';
import { createServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb, USER } from '../testing/setup';
import { editAndRetry, resolveConflict, retryAllNow, retryNow } from './userActions';

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

let heard: string[][] = [];
let unsubscribe: () => void = () => undefined;

beforeEach(async () => {
  await resetDb();
  heard = [];
  unsubscribe = subscribeOutboxWrites((entries: OutboxEntry[]) => heard.push(entries.map((e) => e.id)));
});
afterEach(() => unsubscribe());

async function onlyEntry(): Promise<OutboxEntry> {
  const [entry] = await db.outbox.toArray();
  if (!entry) throw new Error('no entry');
  return entry;
}

describe('user actions announce the entries they make ready', () => {
  it('edit and retry announces the fixed entry under its new key', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    rig.server.validate = (_m, _p, body) => (String(body.description).includes('basement') ? 'description' : null);
    await rig.engine.replay();
    const refused = await onlyEntry();
    heard = [];
    await editAndRetry(refused.id, { description: 'Leak in the cellar pipe' });
    const fixed = await onlyEntry();
    expect(fixed.id).not.toBe(refused.id);
    expect(heard).toEqual([[fixed.id]]);
  });

  it('retry announces a refused entry (new key) and a waiting one (same key); retry-all announces the waiting ones', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    rig.server.faults.push('server500');
    await rig.engine.replay();
    const waiting = await onlyEntry();
    heard = [];
    await retryNow(waiting.id);
    expect(heard).toEqual([[waiting.id]]);

    heard = [];
    await retryAllNow(USER);
    expect(heard).toEqual([[waiting.id]]);

    await db.outbox.update(waiting.id, { state: 'attention' });
    heard = [];
    await retryNow(waiting.id);
    const again = await onlyEntry();
    expect(again.id).not.toBe(waiting.id);
    expect(heard).toEqual([[again.id]]);
  });

  it('a conflict decision that keeps something announces it; taking theirs for everything announces nothing', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    await rig.engine.replay();
    rig.server.editAsOther(`service-calls/${id}`, { priority: 'low', subject: 'Theirs' });
    await updateServiceCall(id, { priority: 'urgent', subject: 'Mine' });
    await rig.engine.replay();
    const conflicted = await onlyEntry();
    heard = [];
    await resolveConflict(conflicted.id, { priority: 'mine', subject: 'theirs' });
    const kept = await onlyEntry();
    expect(heard).toEqual([[kept.id]]);

    rig.server.editAsOther(`service-calls/${id}`, { priority: 'high' });
    await rig.engine.replay();
    const second = await onlyEntry();
    expect(second.conflict).not.toBeNull();
    heard = [];
    await resolveConflict(second.id, { priority: 'theirs' });
    expect(await db.outbox.count()).toBe(0);
    expect(heard).toEqual([]);
  });
});
