// Meters and readings (spec 5 and 8): every rule refused by the server with its messageKey.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Rec } from './harness.ts';
import { call, expectRefused, loginAs, newId, signedInServer } from './harness.ts';

type Reply = { record: Rec; idempotencyKey?: string; error?: { code: string; messageKey: string; field?: string } };

const signedIn = signedInServer<Reply>();
const { post, patch, del, get } = signedIn;

async function freeApartment(buildingId: number): Promise<string> {
  const metered = new Set((await get(`/buildings/${buildingId}/meters`)).map((m) => m.apartmentId));
  const apartment = (await get(`/buildings/${buildingId}/apartments`)).find((a) => !metered.has(a.id));
  if (!apartment) throw new Error('no free apartment');
  return apartment.id;
}

describe('counters', () => {
  it('allows one counter per unit', async () => {
    const apartmentId = await freeApartment(102);
    const meter = { buildingId: 102, apartmentId, number: 'U-1', kind: 'unit', initialReading: 10 };
    expect((await post('/meters', { ...meter, id: newId() })).status).toBe(201);
    expectRefused(await post('/meters', { ...meter, id: newId(), number: 'U-2' }), 'oneCounterPerUnit', { code: 'ONE_COUNTER_PER_UNIT' });
  });

  it('needs a number, a unit for a unit counter and a starting value ≥ 0', async () => {
    const apartmentId = await freeApartment(102);
    expectRefused(await post('/meters', { id: newId(), buildingId: 102, apartmentId, number: ' ', kind: 'unit' }), 'requiredField', { code: 'VALIDATION' });
    expectRefused(await post('/meters', { id: newId(), buildingId: 102, apartmentId: null, number: 'U-3', kind: 'unit' }), 'requiredField', {
      code: 'VALIDATION',
    });
    expectRefused(await post('/meters', { id: newId(), buildingId: 102, apartmentId, number: 'U-3', kind: 'unit', initialReading: -5 }), 'invalidNumber', {
      code: 'VALIDATION',
    });
  });

  it('refuses a charging station until the building has a price per kWh, then captures that price', async () => {
    const ev = { buildingId: 103, apartmentId: null, number: 'EV-103-9', kind: 'evCharger', initialReading: 0 };
    expectRefused(await post('/meters', { ...ev, id: newId() }), 'pricePerKwhRequired', { code: 'PRICE_PER_KWH_REQUIRED' });
    const building = (await get('/buildings')).find((b) => b.id === (103 as unknown as string));
    // The price is a building setting: the worker may not set it, the manager does.
    expect((await patch('/buildings/103', { baseVersion: building?.version, changes: { pricePerKwh: 0.7 } })).status).toBe(403);
    const manager = (await loginAs(signedIn.server, 'miri')).token;
    const setPrice = (pricePerKwh: number) =>
      call(signedIn.server, 'PATCH', '/api/binyan/buildings/103', { token: manager, body: { baseVersion: building?.version, changes: { pricePerKwh } } });
    expectRefused((await setPrice(-1)) as Parameters<typeof expectRefused>[0], 'invalidNumber', { code: 'VALIDATION' });
    expect((await setPrice(0.7)).status).toBe(200);
    const meter = (await post('/meters', { ...ev, id: newId() })).body.record;
    const reading = (await post('/meter-readings', { id: newId(), meterId: meter.id, current: 12.5, photoId: 'p' })).body.record;
    expect(reading).toMatchObject({ previous: 0, consumption: 12.5, pricePerKwh: 0.7 });
  });

  it('refuses to delete a counter with paid readings, deletes one without them with its readings', async () => {
    const seeded = (await get('/buildings/101/meters'))[0];
    expectRefused(await del(`/meters/${seeded?.id}?baseVersion=${seeded?.version}`), 'errorDeletingCounter', { code: 'ERROR_DELETING_COUNTER' });
    const apartmentId = await freeApartment(102);
    const meter = (await post('/meters', { id: newId(), buildingId: 102, apartmentId, number: 'U-9', kind: 'unit', initialReading: 1 })).body.record;
    await post('/meter-readings', { id: newId(), meterId: meter.id, current: 5, photoId: 'p' });
    const fresh = (await get('/buildings/102/meters')).find((m) => m.id === meter.id);
    expect((await del(`/meters/${meter.id}?baseVersion=${fresh?.version}`)).status).toBe(200);
    expect((await get('/buildings/102/meters')).some((m) => m.id === meter.id)).toBe(false);
  });
});

describe('readings', () => {
  let meter: Rec;
  beforeAll(async () => {
    const apartmentId = await freeApartment(104);
    meter = (await post('/meters', { id: newId(), buildingId: 104, apartmentId, number: 'R-1', kind: 'unit', initialReading: 100 })).body.record;
  });

  it('requires the current reading to be greater than the previous, and a photo', async () => {
    expectRefused(await post('/meter-readings', { id: newId(), meterId: meter.id, current: 100, photoId: 'p' }), 'currentReadingNotGreater', {
      code: 'CURRENT_READING_NOT_GREATER',
    });
    expectRefused(await post('/meter-readings', { id: newId(), meterId: meter.id, current: 90, photoId: 'p' }), 'currentReadingNotGreater');
    expectRefused(await post('/meter-readings', { id: newId(), meterId: meter.id, current: 120, photoId: null }), 'photoRequired', { code: 'PHOTO_REQUIRED' });
    expectRefused(await post('/meter-readings', { id: newId(), meterId: meter.id, current: 120 }), 'photoRequired');
  });

  it('stores a reading once for a repeated Idempotency-Key', async () => {
    const key = newId();
    const body = { id: newId(), meterId: meter.id, current: 130, photoId: 'p' };
    const first = await post('/meter-readings', body, key);
    const again = await post('/meter-readings', body, key);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await get(`/meters/${meter.id}/readings`)).filter((r) => r.id === body.id)).toHaveLength(1);
    expect((await get('/buildings/104/meters')).find((m) => m.id === meter.id)?.lastReading).toBe(130);
  });

  it('corrects an unpaid reading only upwards of its previous value', async () => {
    const [latest] = await get(`/meters/${meter.id}/readings`);
    expectRefused(await patch(`/meter-readings/${latest?.id}`, { baseVersion: latest?.version, changes: { current: 99 } }), 'currentReadingNotGreater');
    const ok = await patch(`/meter-readings/${latest?.id}`, { baseVersion: latest?.version, changes: { current: 140 } });
    expect(ok.body.record).toMatchObject({ current: 140, consumption: 40, version: 2 });
  });

  it('keeps a correction below the next reading and re-chains it; an old payload still carrying `previous` is accepted and ignored', async () => {
    const apartmentId = await freeApartment(104);
    const chained = (await post('/meters', { id: newId(), buildingId: 104, apartmentId, number: 'R-2', kind: 'unit', initialReading: 10 })).body.record;
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const first = await post('/meter-readings', { id: newId(), meterId: chained.id, current: 20, photoId: 'p', readAt: at(1), previous: 999 });
    expect(first.status).toBe(201);
    expect(first.body.record).toMatchObject({ previous: 10, consumption: 10 });
    const second = (await post('/meter-readings', { id: newId(), meterId: chained.id, current: 30, photoId: 'p', readAt: at(2) })).body.record;
    expectRefused(await patch(`/meter-readings/${first.body.record.id}`, { baseVersion: 1, changes: { current: 30 } }), 'currentReadingNotGreater', {
      field: 'current',
    });
    expect((await patch(`/meter-readings/${first.body.record.id}`, { baseVersion: 1, changes: { current: 24.5 } })).status).toBe(200);
    expect((await get(`/meters/${chained.id}/readings`)).find((r) => r.id === second.id)).toMatchObject({ previous: 24.5, consumption: 5.5, version: 2 });
  });

  it('freezes paid readings: no update, no delete', async () => {
    const seeded = (await get('/buildings/101/meters'))[0];
    const paid = (await get(`/meters/${seeded?.id}/readings`)).find((r) => r.paid);
    expectRefused(await patch(`/meter-readings/${paid?.id}`, { baseVersion: paid?.version, changes: { current: 999999 } }), 'paidReadingCannotBeUpdated', {
      code: 'PAID_READING_CANNOT_BE_UPDATED',
    });
    expectRefused(await del(`/meter-readings/${paid?.id}?baseVersion=${paid?.version}`), 'paidReadingCannotBeUpdated');
  });

  it('deletes only the latest reading and moves the counter back', async () => {
    const second = (
      await post('/meter-readings', { id: newId(), meterId: meter.id, current: 175, photoId: 'p', readAt: new Date(Date.now() + 60_000).toISOString() })
    ).body.record;
    const older = (await get(`/meters/${meter.id}/readings`)).find((r) => r.id !== second.id);
    expectRefused(await del(`/meter-readings/${older?.id}?baseVersion=${older?.version}`), 'onlyLastReadingCanBeDeleted', {
      code: 'ONLY_LAST_READING_CAN_BE_DELETED',
    });
    expect((await del(`/meter-readings/${second.id}?baseVersion=1`)).status).toBe(200);
    expect((await get('/buildings/104/meters')).find((m) => m.id === meter.id)?.lastReading).toBe(140);
  });
});
