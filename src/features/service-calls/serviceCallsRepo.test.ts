import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { createRecord } from '../../sync/write/writePath';
import { resetDb, USER } from '../../sync/testing/setup';
import { addUpdate, cancelServiceCall, changeStatus, closeServiceCall, createServiceCall, deleteServiceCall, updateServiceCall } from './serviceCallsRepo';
import { RuleError } from '../../lib/validation/rules';

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };
const photo = { blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), width: 2000, height: 1500, hash: 'f00d' };

beforeEach(resetDb);

describe('serviceCallsRepo', () => {
  it('shows the signed-in worker as the reporter of a call opened offline, as the server will record', async () => {
    const id = await createServiceCall(newCall);
    expect((await db.serviceCalls.get(id))?.reporterName).toBe('Avi Cohen');
    const named = await createServiceCall({ ...newCall, reporterName: 'Yael Levi' });
    expect((await db.serviceCalls.get(named))?.reporterName).toBe('Yael Levi');
  });

  it('creates a call with a client UUID, the row and one outbox entry in one go', async () => {
    const id = await createServiceCall(newCall, [photo]);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.serviceCalls.get(id)).toMatchObject({ syncState: 'local', status: 'open', tab: 'open', version: 0, callNumber: null });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries).toMatchObject([
      {
        op: 'create',
        entityKey: `serviceCalls:${id}`,
        request: { method: 'POST', path: 'service-calls' },
        ownerUserKey: USER,
        state: 'pending',
        kind: 'mutation',
      },
      { op: 'upload', kind: 'photo', dependsOn: [`serviceCalls:${id}`] },
    ]);
    expect(entries[0]?.payload).toMatchObject({ id, buildingId: 1, domain: 'plumbing', status: 'open' });
    expect(entries[0]?.payload).not.toHaveProperty('syncState');
    expect(await db.photos.get(String(entries[1]?.recordId))).toMatchObject({ ownerTable: 'serviceCalls', ownerId: id, uploadState: 'local', hash: 'f00d' });
  });

  it('refuses an invalid call before writing anything', async () => {
    await expect(createServiceCall({ ...newCall, description: 'short' })).rejects.toBeInstanceOf(RuleError);
    expect(await db.serviceCalls.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is atomic: a failure inside the transaction leaves neither the row nor the entry', async () => {
    const row = { id: 'x', buildingId: 1, status: 'open' } as never;
    await expect(
      createRecord({
        table: 'serviceCalls',
        id: 'x',
        row,
        path: 'service-calls',
        userKey: USER,
        also: async () => {
          throw new Error('disk full');
        },
      }),
    ).rejects.toThrow('disk full');
    expect(await db.serviceCalls.get('x')).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.meta.get('outbox.seq')).toBeUndefined();
  });

  it('records each edit as its own entry with the base version and the fields before the change', async () => {
    const id = await createServiceCall(newCall);
    await updateServiceCall(id, { priority: 'high' });
    await updateServiceCall(id, { priority: 'urgent', subject: 'Flood' });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(entries[1]).toMatchObject({ op: 'update', baseVersion: 0, payload: { priority: 'high' }, base: { priority: 'normal' } });
    expect(entries[2]).toMatchObject({ payload: { priority: 'urgent', subject: 'Flood' }, base: { priority: 'high', subject: '' } });
    expect(await db.serviceCalls.get(id)).toMatchObject({ priority: 'urgent', subject: 'Flood', searchWords: expect.arrayContaining(['flood']) });
  });

  it('changes status by the transition rules and moves the call to its tab', async () => {
    const id = await createServiceCall(newCall);
    await changeStatus(id, 'inTreatment');
    await closeServiceCall(id);
    expect(await db.serviceCalls.get(id)).toMatchObject({ status: 'closed', tab: 'closed', closedAt: expect.any(String) });
    await expect(cancelServiceCall(id)).rejects.toMatchObject({ failure: { messageKey: 'invalidStatusTransition' } });
    const ops = (await db.outbox.orderBy('seq').toArray()).map((e) => [e.op, e.payload]);
    expect(ops).toEqual([
      ['create', expect.any(Object)],
      ['status', { status: 'inTreatment' }],
      ['close', { status: 'closed' }],
    ]);
  });

  it('adds an update that waits for its call', async () => {
    const id = await createServiceCall(newCall);
    const updateId = await addUpdate(id, 'Plumber on the way', [photo]);
    const [, update, upload] = await db.outbox.orderBy('seq').toArray();
    expect(update).toMatchObject({ table: 'serviceCallUpdates', request: { path: `service-calls/${id}/updates` }, dependsOn: [`serviceCalls:${id}`] });
    expect(upload).toMatchObject({ dependsOn: [`serviceCallUpdates:${updateId}`] });
  });

  it('deletes the row at once and queues a versioned DELETE', async () => {
    const id = await createServiceCall(newCall);
    await deleteServiceCall(id);
    expect(await db.serviceCalls.get(id)).toBeUndefined();
    const del = (await db.outbox.orderBy('seq').toArray())[1];
    expect(del).toMatchObject({ op: 'delete', request: { method: 'DELETE', versionIn: 'query' }, rowPatch: null, base: { id } });
  });
});
