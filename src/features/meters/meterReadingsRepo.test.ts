import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { photosOf } from '../../sync/write/photos';
import { createRig, resetDb } from '../../sync/testing/setup';
import { addReading, deleteLatestReading, updateReading } from './meterReadingsRepo';
import { RuleError } from '../../lib/validation/rules';
import { testBuilding } from '../../directory/testing/testBuilding';

const photo = () => ({ blob: new Blob([new Uint8Array([9, 9, 9])], { type: 'image/jpeg' }), width: 1280, height: 960, hash: 'beef' });

beforeEach(async () => {
  await resetDb();
  await db.meters.add({
    id: 'm1',
    buildingId: 1,
    apartmentId: 'apt-1',
    number: 'E-1',
    kind: 'unit',
    initialReading: 100,
    lastReading: 150,
    lastReadingAt: '2025-01-01T00:00:00Z',
    version: 1,
    updatedAt: '',
    syncState: 'synced',
  });
});

describe('meterReadingsRepo', () => {
  it('saves a reading with its photo; the upload depends on the reading', async () => {
    const id = await addReading({ meterId: 'm1', current: 175, photo: photo() });
    expect(await db.meterReadings.get(id)).toMatchObject({ previous: 150, current: 175, consumption: 25, paid: false, syncState: 'local' });
    const [reading, upload] = await db.outbox.orderBy('seq').toArray();
    expect(reading).toMatchObject({ op: 'create', request: { path: 'meter-readings' }, payload: { id, meterId: 'm1', current: 175 } });
    // The server computes `previous`; the device keeps it on its row only.
    expect(reading?.payload).not.toHaveProperty('previous');
    expect(upload).toMatchObject({ kind: 'photo', dependsOn: [`meterReadings:${id}`] });
    expect(reading?.payload.photoId).toBe(upload?.recordId);
  });

  it('refuses a reading without a photo or not above the previous one, writing nothing', async () => {
    await expect(addReading({ meterId: 'm1', current: 175, photo: null })).rejects.toMatchObject({ failure: { messageKey: 'photoRequired' } });
    await expect(addReading({ meterId: 'm1', current: 150, photo: photo() })).rejects.toBeInstanceOf(RuleError);
    expect(await db.meterReadings.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);
  });

  it('chains readings made offline: the next compares with, and waits for, the previous', async () => {
    const first = await addReading({ meterId: 'm1', current: 175, photo: photo(), readAt: '2025-02-01T00:00:00Z' });
    const second = await addReading({ meterId: 'm1', current: 190, photo: photo(), readAt: '2025-03-01T00:00:00Z' });
    expect(await db.meterReadings.get(second)).toMatchObject({ previous: 175, consumption: 15 });
    const entry = (await db.outbox.toArray()).find((e) => e.recordId === second);
    expect(entry?.dependsOn).toEqual(['meters:m1', `meterReadings:${first}`]);
  });

  it('deletes only the latest reading', async () => {
    const first = await addReading({ meterId: 'm1', current: 175, photo: photo(), readAt: '2025-02-01T00:00:00Z' });
    const second = await addReading({ meterId: 'm1', current: 190, photo: photo(), readAt: '2025-03-01T00:00:00Z' });
    await expect(deleteLatestReading(first)).rejects.toMatchObject({ failure: { messageKey: 'onlyLastReadingCanBeDeleted' } });
    await deleteLatestReading(second);
    expect(await db.meterReadings.get(second)).toBeUndefined();
  });

  it('drops the photo of a deleted reading that never left the device (its upload would have no parent)', async () => {
    const id = await addReading({ meterId: 'm1', current: 175, photo: photo() });
    const kept = await addReading({ meterId: 'm1', current: 180, photo: photo() });
    await deleteLatestReading(kept);
    expect(await photosOf('meterReadings', kept)).toEqual([]);
    expect((await db.outbox.orderBy('seq').toArray()).map((e) => [e.op, e.table])).toEqual([
      ['create', 'meterReadings'],
      ['upload', 'photos'],
      ['create', 'meterReadings'],
      ['delete', 'meterReadings'],
    ]);
    expect(await photosOf('meterReadings', id)).toHaveLength(1);
  });

  it('refuses to update a paid reading', async () => {
    const id = await addReading({ meterId: 'm1', current: 175, photo: photo() });
    await db.meterReadings.update(id, { paid: true });
    await expect(updateReading(id, 180)).rejects.toMatchObject({ failure: { messageKey: 'paidReadingCannotBeUpdated' } });
  });

  it('refuses to correct or delete a reading once money is on its EV charge, as the server last said', async () => {
    const id = await addReading({ meterId: 'm1', current: 175, photo: photo() });
    await db.meterReadings.update(id, { syncState: 'synced', charge: { chargeId: `${id}:ev`, amountAgorot: 1550, openAgorot: 1550, pendingChecks: true } });
    await expect(updateReading(id, 180)).rejects.toMatchObject({ failure: { messageKey: 'paidReadingCannotBeUpdated' } });
    await expect(deleteLatestReading(id)).rejects.toMatchObject({ failure: { messageKey: 'paidReadingCannotBeUpdated' } });
    await db.meterReadings.update(id, { charge: { chargeId: `${id}:ev`, amountAgorot: 1550, openAgorot: 1550, pendingChecks: false } });
    await expect(updateReading(id, 180)).resolves.toBeUndefined();
  });

  it('refuses a correction offline that reaches the next reading, as the server would on replay, queueing nothing', async () => {
    const first = await addReading({ meterId: 'm1', current: 175, photo: photo(), readAt: '2025-02-01T00:00:00Z' });
    await addReading({ meterId: 'm1', current: 190, photo: photo(), readAt: '2025-03-01T00:00:00Z' });
    const queued = await db.outbox.count();
    await expect(updateReading(first, 190)).rejects.toMatchObject({ failure: { field: 'current', messageKey: 'currentReadingNotGreater' } });
    await expect(updateReading(first, 200)).rejects.toBeInstanceOf(RuleError);
    expect(await db.outbox.count()).toBe(queued);
    expect(await db.meterReadings.get(first)).toMatchObject({ current: 175 });
  });

  it('re-chains the next reading held on the device when a correction is accepted', async () => {
    const first = await addReading({ meterId: 'm1', current: 175, photo: photo(), readAt: '2025-02-01T00:00:00Z' });
    const second = await addReading({ meterId: 'm1', current: 190, photo: photo(), readAt: '2025-03-01T00:00:00Z' });
    await updateReading(first, 180.5);
    expect(await db.meterReadings.get(first)).toMatchObject({ previous: 150, current: 180.5, consumption: 30.5 });
    expect(await db.meterReadings.get(second)).toMatchObject({ previous: 180.5, current: 190, consumption: 9.5 });
    const correction = (await db.outbox.orderBy('seq').toArray()).at(-1);
    expect(correction).toMatchObject({ op: 'update', recordId: first, payload: { current: 180.5 } });
  });

  it('refuses a charging station’s reading while its building has no price, as the server would on replay', async () => {
    await db.buildings.put(testBuilding({ id: 1, number: 1, name: 'בית הבדיקות', city: 'חיפה', apartmentsCount: 4, version: 3, updatedAt: '' }));
    await db.meters.add({
      id: 'ev1',
      buildingId: 1,
      apartmentId: 'apt-2',
      number: 'EV-1',
      kind: 'evCharger',
      initialReading: 0,
      lastReading: null,
      lastReadingAt: null,
      version: 1,
      updatedAt: '',
      syncState: 'synced',
    });
    await expect(addReading({ meterId: 'ev1', current: 10, photo: photo() })).rejects.toMatchObject({
      failure: { field: 'meterId', messageKey: 'pricePerKwhRequired' },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('replays the reading before its photo, exactly once each', async () => {
    const rig = createRig();
    const id = await addReading({ meterId: 'm1', current: 175, photo: photo() });
    await rig.engine.replay();
    expect(rig.server.applied.map((a) => a.path)).toEqual(['meter-readings', 'files/uploads/upload-1/finish']);
    expect(await db.meterReadings.get(id)).toMatchObject({ syncState: 'synced', version: 1 });
    expect((await db.photos.toArray())[0]).toMatchObject({ uploadState: 'uploaded', fileId: expect.any(String) });
  });
});
