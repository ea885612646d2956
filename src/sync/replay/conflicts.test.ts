import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { createServiceCall, deleteServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb } from '../testing/setup';
import type { Rig } from '../testing/setup';
import { discardEntry, editAndRetry, resolveConflict, retryNow } from '../write/userActions';
import { serverRefetch } from '../write/outbox';
import { createApiClient } from '../../api/client';

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

async function appliedCall(rig: Rig): Promise<string> {
  const id = await createServiceCall(newCall);
  await rig.engine.replay();
  return id;
}

beforeEach(resetDb);

describe('409 merge', () => {
  it('merges a change of another field silently and re-sends on the new version under a new key', async () => {
    const rig = createRig();
    const id = await appliedCall(rig);
    rig.server.editAsOther(`service-calls/${id}`, { status: 'inTreatment' });
    await updateServiceCall(id, { priority: 'urgent' });
    const firstKey = (await db.outbox.toArray())[0]?.id;
    const report = await rig.engine.replay();
    expect(report).toMatchObject({ applied: 1, remaining: 0, attention: 0 });
    const server = rig.server.records.get(`service-calls/${id}`);
    expect(server).toMatchObject({ status: 'inTreatment', priority: 'urgent', version: 3 });
    expect(await db.serviceCalls.get(id)).toMatchObject({ status: 'inTreatment', priority: 'urgent', version: 3, syncState: 'synced', tab: 'open' });
    const patchKeys = rig.server.requests.filter((r) => r.method === 'PATCH').map((r) => r.key);
    expect(patchKeys).toHaveLength(2);
    expect(patchKeys[0]).toBe(firstKey);
    expect(patchKeys[1]).not.toBe(firstKey);
    expect((await db.syncLog.toArray()).map((l) => l.outcome)).toEqual(['applied', 'merged', 'applied']);
  });

  it('turns a field changed on both sides into a conflict, resolved field by field', async () => {
    const rig = createRig();
    const id = await appliedCall(rig);
    rig.server.editAsOther(`service-calls/${id}`, { priority: 'low', subject: 'Theirs' });
    await updateServiceCall(id, { priority: 'urgent', subject: 'Mine', description: 'A much better description' });
    await rig.engine.replay();
    const [entry] = await db.outbox.toArray();
    expect(entry?.state).toBe('attention');
    expect(entry?.conflict?.fields.map((f) => f.field).sort()).toEqual(['priority', 'subject']);
    expect(entry?.conflict?.merged).toEqual({ description: 'A much better description' });
    expect((await db.serviceCalls.get(id))?.syncState).toBe('attention');

    await resolveConflict(entry?.id ?? '', { priority: 'mine', subject: 'theirs' });
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'urgent', subject: 'Theirs', syncState: 'local' });
    await rig.engine.replay();
    expect(rig.server.records.get(`service-calls/${id}`)).toMatchObject({
      priority: 'urgent',
      subject: 'Theirs',
      description: 'A much better description',
      version: 3,
    });
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'urgent', subject: 'Theirs', syncState: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('taking theirs for every field drops the entry and shows the server version', async () => {
    const rig = createRig();
    const id = await appliedCall(rig);
    rig.server.editAsOther(`service-calls/${id}`, { priority: 'low' });
    await updateServiceCall(id, { priority: 'urgent' });
    await rig.engine.replay();
    const [entry] = await db.outbox.toArray();
    await resolveConflict(entry?.id ?? '', { priority: 'theirs' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'low', version: 2, syncState: 'synced' });
  });

  it('a delete of a record changed on the server asks the user; keep mine deletes on the new version', async () => {
    const rig = createRig();
    const id = await appliedCall(rig);
    rig.server.editAsOther(`service-calls/${id}`, { priority: 'low' });
    await deleteServiceCall(id);
    await rig.engine.replay();
    const [entry] = await db.outbox.toArray();
    expect(entry?.conflict?.fields).toEqual([{ field: 'priority', base: 'normal', mine: 'normal', theirs: 'low' }]);
    await resolveConflict(entry?.id ?? '', { '*': 'mine' });
    await rig.engine.replay();
    expect(rig.server.records.has(`service-calls/${id}`)).toBe(false);
    expect(await db.serviceCalls.get(id)).toBeUndefined();
  });
});

describe('user actions on refused entries', () => {
  it('edit and retry sends the fixed payload under a new key', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall);
    rig.server.validate = (_m, _p, body) => (String(body.description).includes('basement') ? 'description' : null);
    await rig.engine.replay();
    const [refused] = await db.outbox.toArray();
    expect(refused?.state).toBe('attention');
    await editAndRetry(refused?.id ?? '', { description: 'Leak in the cellar pipe' });
    expect(await db.serviceCalls.get(id)).toMatchObject({ description: 'Leak in the cellar pipe', syncState: 'local' });
    await rig.engine.replay();
    expect(rig.server.records.get(`service-calls/${id}`)).toMatchObject({ description: 'Leak in the cellar pipe' });
    expect(rig.server.requests.map((r) => r.key)[1]).not.toBe(refused?.id);
  });

  it('retry of a refused entry goes again; retry of a waiting one keeps its key', async () => {
    const rig = createRig();
    await createServiceCall(newCall);
    rig.server.faults.push('server500');
    await rig.engine.replay();
    const [waiting] = await db.outbox.toArray();
    await retryNow(waiting?.id ?? '');
    expect((await db.outbox.get(waiting?.id ?? ''))?.nextAttemptAt).toBe(0);
    await rig.engine.replay();
    expect(rig.server.requests.map((r) => r.key)).toEqual([waiting?.id, waiting?.id]);
  });

  it('discarding a record created offline drops it, its later changes and its photos', async () => {
    const rig = createRig();
    const id = await createServiceCall(newCall, [{ blob: new Blob([new Uint8Array([1])]), width: 1, height: 1, hash: 'h' }]);
    await updateServiceCall(id, { priority: 'high' });
    const create = (await db.outbox.orderBy('seq').toArray())[0];
    await discardEntry(create?.id ?? '');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.serviceCalls.get(id)).toBeUndefined();
    expect(await db.photos.count()).toBe(0);
    expect((await rig.engine.replay()).attempted).toBe(0);
  });

  it('discarding a change restores the server version (locally, then refetched)', async () => {
    const rig = createRig();
    const id = await appliedCall(rig);
    await updateServiceCall(id, { priority: 'urgent' });
    rig.server.editAsOther(`service-calls/${id}`, { subject: 'Changed by the office' });
    const [entry] = await db.outbox.toArray();
    const api = createApiClient({ baseUrl: 'http://fake.test/api', fetch: rig.server.fetch, getToken: () => rig.server.token });
    await discardEntry(entry?.id ?? '', serverRefetch(api));
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'normal', subject: 'Changed by the office', version: 2, syncState: 'synced' });
  });

  it('discarding a delete puts the row back', async () => {
    const rig = createRig();
    const id = await appliedCall(rig);
    await deleteServiceCall(id);
    const [entry] = await db.outbox.toArray();
    await discardEntry(entry?.id ?? '');
    expect(await db.serviceCalls.get(id)).toMatchObject({ id, version: 1, syncState: 'synced' });
  });
});
