import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import { testBuilding } from '../../directory/testing/testBuilding';
import { createRig, resetDb } from '../../sync/testing/setup';
import { setPricePerKwh } from './buildingPriceRepo';
import { addReading } from './meterReadingsRepo';
import { addMeter, deleteMeter } from './metersRepo';

const building = testBuilding({ id: 7, number: 7, name: 'בית הבדיקות', city: 'חיפה', apartmentsCount: 4, version: 3, updatedAt: '' });
const photo = () => ({ blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), width: 640, height: 480, hash: 'cafe' });
const unit = (apartmentId: string, number = 'E-1') => ({ buildingId: 7, apartmentId, number, kind: 'unit' as const, initialReading: 100 });

beforeEach(async () => {
  await resetDb();
  await db.buildings.add(building);
});

describe('metersRepo', () => {
  it('adds a counter on the device with its outbox entry, sorted by number in the list', async () => {
    await addMeter(unit('apt-2', 'E-10'));
    const id = await addMeter(unit('apt-1', 'E-9'));
    expect((await db.meters.where('buildingId').equals(7).toArray()).map((m) => m.number).sort()).toEqual(['E-10', 'E-9']);
    expect(await db.meters.get(id)).toMatchObject({ syncState: 'local', lastReading: null, initialReading: 100 });
    const entry = (await db.outbox.toArray()).find((e) => e.recordId === id);
    expect(entry).toMatchObject({
      op: 'create',
      request: { method: 'POST', path: 'meters' },
      payload: { id, buildingId: 7, apartmentId: 'apt-1', number: 'E-9', kind: 'unit' },
    });
  });

  it('refuses a second counter for the same unit, writing nothing', async () => {
    await addMeter(unit('apt-1'));
    await expect(addMeter(unit('apt-1', 'E-2'))).rejects.toMatchObject({ failure: { field: 'apartmentId', messageKey: 'oneCounterPerUnit' } });
    expect(await db.meters.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('requires a number and a starting value ≥ 0', async () => {
    await expect(addMeter(unit('apt-1', '  '))).rejects.toMatchObject({ failure: { field: 'number', messageKey: 'requiredField' } });
    await expect(addMeter({ ...unit('apt-1'), initialReading: -1 })).rejects.toMatchObject({ failure: { messageKey: 'invalidNumber' } });
  });

  it('refuses a charging station until the building has a price; a price set offline is sent first', async () => {
    const ev = { buildingId: 7, apartmentId: null, number: 'EV-1', kind: 'evCharger' as const, initialReading: 0 };
    await expect(addMeter(ev)).rejects.toMatchObject({ failure: { messageKey: 'pricePerKwhRequired' } });
    await expect(setPricePerKwh(7, 0)).rejects.toMatchObject({ failure: { field: 'pricePerKwh', messageKey: 'invalidAmount' } });
    await setPricePerKwh(7, 0.65);
    expect(await db.buildings.get(7)).toMatchObject({ pricePerKwh: 0.65, syncState: 'local' });
    const id = await addMeter(ev);
    const [price, charger] = await db.outbox.orderBy('seq').toArray();
    expect(price).toMatchObject({ op: 'pricePerKwh', request: { method: 'PATCH', path: 'buildings/7' }, payload: { pricePerKwh: 0.65 }, baseVersion: 3 });
    expect(charger).toMatchObject({ recordId: id, dependsOn: ['buildings:7'] });
  });

  it('refuses to delete a counter with paid readings', async () => {
    const id = await addMeter(unit('apt-1'));
    const reading = await addReading({ meterId: id, current: 120, photo: photo() });
    await db.meterReadings.update(reading, { paid: true });
    await expect(deleteMeter(id)).rejects.toMatchObject({ failure: { messageKey: 'errorDeletingCounter' } });
    expect(await db.meters.get(id)).toBeDefined();
  });

  it('deletes a counter after its readings still on the way, removing the synced ones', async () => {
    await db.meters.add({
      id: 'm1',
      buildingId: 7,
      apartmentId: 'apt-1',
      number: 'E-1',
      kind: 'unit',
      initialReading: 0,
      lastReading: 10,
      lastReadingAt: '2025-01-01T00:00:00Z',
      version: 2,
      updatedAt: '',
      syncState: 'synced',
    });
    await db.meterReadings.add({
      id: 'r-old',
      meterId: 'm1',
      buildingId: 7,
      previous: 0,
      current: 10,
      consumption: 10,
      readAt: '2025-01-01T00:00:00Z',
      photoId: 'f',
      paid: false,
      pricePerKwh: null,
      version: 1,
      updatedAt: '',
      syncState: 'synced',
    });
    const fresh = await addReading({ meterId: 'm1', current: 20, photo: photo() });
    await deleteMeter('m1');
    expect(await db.meters.get('m1')).toBeUndefined();
    expect(await db.meterReadings.get('r-old')).toBeUndefined();
    const entry = (await db.outbox.toArray()).find((e) => e.entityKey === 'meters:m1');
    expect(entry).toMatchObject({
      op: 'delete',
      request: { method: 'DELETE', path: 'meters/m1', versionIn: 'query' },
      baseVersion: 2,
      dependsOn: [`meterReadings:${fresh}`],
    });
  });

  it('replays counter, reading and photo in order, exactly once', async () => {
    const rig = createRig();
    const id = await addMeter(unit('apt-1'));
    await addReading({ meterId: id, current: 130, photo: photo() });
    await rig.engine.replay();
    await rig.engine.replay();
    expect(rig.server.applied.map((a) => a.path)).toEqual(['meters', 'meter-readings', 'files/uploads/upload-1/finish']);
    expect(await db.meters.get(id)).toMatchObject({ syncState: 'synced', version: 1 });
    expect(await db.outbox.count()).toBe(0);
  });
});
