// Each business rule of spec section 5, refused by the server with its messageKey.
import { describe, expect, it } from 'vitest';
import type { Rec } from './harness.ts';
import { call, expectRefused, loginAs, newId, signedInServer } from './harness.ts';

type Reply = { record: Rec; error?: { code: string; messageKey: string; field?: string }; current?: Rec; incompleteCount?: number };

const signedIn = signedInServer<Reply>();
const { post, patch, del, get } = signedIn;

describe('service calls', () => {
  const base = { buildingId: 101, domain: 'plumbing', description: 'נזילת מים בחדר המדרגות' };

  it('requires description ≥ 10, a domain and a building', async () => {
    expectRefused(await post('/service-calls', { ...base, id: newId(), description: 'נזילה' }), 'descriptionTooShort', { field: 'description' });
    expectRefused(await post('/service-calls', { ...base, id: newId(), domain: '' }), 'requiredField', { field: 'domain' });
    expectRefused(await post('/service-calls', { ...base, id: newId(), buildingId: null }), 'noBuildingSelected', { field: 'buildingId' });
  });

  it('allows only the designed status transitions and keeps closedAt in step', async () => {
    const created = (await post('/service-calls', { ...base, id: newId() })).body.record;
    const r = await patch(`/service-calls/${created.id}`, { baseVersion: 1, changes: { status: 'finishedTesting' } });
    expectRefused(r, 'invalidStatusTransition', { field: 'status' });
    expect(r.body.error?.code).toBe('INVALID_STATUS_TRANSITION');
    const closed = await patch(`/service-calls/${created.id}`, { baseVersion: 1, changes: { status: 'closed' } });
    expect(closed.body.record.closedAt).toEqual(expect.any(String));
    expectRefused(await patch(`/service-calls/${created.id}`, { baseVersion: 2, changes: { status: 'inTreatment' } }), 'invalidStatusTransition');
    const reopened = await patch(`/service-calls/${created.id}`, { baseVersion: 2, changes: { status: 'open' } });
    expect(reopened.body.record).toMatchObject({ status: 'open', closedAt: null, version: 3 });
    const cancelled = await patch(`/service-calls/${created.id}`, { baseVersion: 3, changes: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expectRefused(await patch(`/service-calls/${created.id}`, { baseVersion: 4, changes: { status: 'open' } }), 'invalidStatusTransition');
    const tabs = await get('/service-calls?buildingId=101&tab=closed');
    expect(tabs.some((c) => c.id === created.id)).toBe(true);
  });
});

describe('contacts', () => {
  it('refuses a reporter without a building, short names, bad phone or e-mail, and duplicates', async () => {
    const c = { buildingId: 102, firstName: 'רוני', lastName: 'שמש', phone: '054-9990001', email: null };
    expectRefused(await post('/contacts', { ...c, id: newId(), buildingId: null }), 'noBuildingSelected');
    expectRefused(await post('/contacts', { ...c, id: newId(), firstName: 'ר' }), 'nameTooShort', { field: 'firstName' });
    expectRefused(await post('/contacts', { ...c, id: newId(), phone: '123' }), 'invalidPhone', { field: 'phone' });
    expectRefused(await post('/contacts', { ...c, id: newId(), email: 'not-mail' }), 'invalidEmail', { field: 'email' });
    const ok = await post('/contacts', { ...c, id: newId() });
    expect(ok.status).toBe(201);
    expect(ok.body.record).toMatchObject({ phone: '0549990001', fullName: 'רוני שמש' });
    const samePhone = await post('/contacts', { ...c, id: newId(), firstName: 'אחר', lastName: 'לגמרי' });
    expectRefused(samePhone, 'contactAlreadyRegistered', { field: 'phone' });
    expect(samePhone.body.error?.code).toBe('CONTACT_ALREADY_REGISTERED');
    expectRefused(await post('/contacts', { ...c, id: newId(), phone: '0540000000' }), 'contactAlreadyRegistered', { field: 'fullName' });
    expectRefused(await post('/contacts', { ...c, id: newId(), phone: null }), 'contactAlreadyRegistered', { field: 'fullName' });
  });
});

describe('keys and mail items', () => {
  it('refuses the same pending tag or tracking number twice, and a second handover', async () => {
    const key = { buildingId: 103, tagNumber: 'T-77', description: 'מפתח למחסן' };
    const first = await post('/keys', { ...key, id: newId() });
    expect(first.status).toBe(201);
    expectRefused(await post('/keys', { ...key, id: newId(), tagNumber: 't 77' }), 'itemAlreadyInserted', { field: 'tagNumber' });
    const handed = await post(`/keys/${first.body.record.id}/handover`, { baseVersion: 1, deliveredTo: 'יעל כהן' });
    expect(handed.body.record).toMatchObject({ status: 'delivered', deliveredTo: 'יעל כהן', version: 2 });
    expectRefused(await post(`/keys/${first.body.record.id}/handover`, { baseVersion: 2, deliveredTo: 'יעל כהן' }), 'itemAlreadyDelivered');
    expect((await post('/keys', { ...key, id: newId() })).status).toBe(201);
    const mail = { buildingId: 103, trackingNumber: 'RR000000001IL', kind: 'parcel' };
    expect((await post('/mail-items', { ...mail, id: newId() })).status).toBe(201);
    expectRefused(await post('/mail-items', { ...mail, id: newId() }), 'itemAlreadyInserted', { field: 'trackingNumber' });
    expectRefused(await post('/mail-items', { ...mail, id: newId(), buildingId: null }), 'noBuildingSelected');
  });
});

describe('meters and readings', () => {
  it('allows one counter per unit and charging stations only with a price per kWh', async () => {
    const meters = await get('/buildings/101/meters');
    const unitMeter = meters.find((m) => m.kind === 'unit' && m.apartmentId);
    expectRefused(
      await post('/meters', { id: newId(), buildingId: 101, apartmentId: unitMeter?.apartmentId, number: 'X-1', kind: 'unit' }),
      'oneCounterPerUnit',
    );
    const ev = { buildingId: 103, apartmentId: null, number: 'EV-103-1', kind: 'evCharger' };
    const refused = await post('/meters', { ...ev, id: newId() });
    expectRefused(refused, 'pricePerKwhRequired');
    expect(refused.body.error?.code).toBe('PRICE_PER_KWH_REQUIRED');
    const building = (await get('/buildings')).find((b) => b.id === (103 as unknown as string));
    expect(building?.pricePerKwh).toBeNull();
    const manager = (await loginAs(signedIn.server, 'miri')).token;
    const priced = await call(signedIn.server, 'PATCH', '/api/binyan/buildings/103', {
      token: manager,
      body: { baseVersion: building?.version, changes: { pricePerKwh: 0.55 } },
    });
    expect(priced.status).toBe(200);
    expect((await post('/meters', { ...ev, id: newId() })).status).toBe(201);
  });

  it('requires a greater reading and a photo; paid readings are frozen; only the latest is deletable', async () => {
    const apartment = (await get('/buildings/104/apartments')).at(-1);
    const meter = (await post('/meters', { id: newId(), buildingId: 104, apartmentId: apartment?.id, number: 'N-1', kind: 'unit', initialReading: 100 })).body
      .record;
    expectRefused(await post('/meter-readings', { id: newId(), meterId: meter.id, current: 100, photoId: 'p1' }), 'currentReadingNotGreater', {
      field: 'current',
    });
    expectRefused(await post('/meter-readings', { id: newId(), meterId: meter.id, current: 150, photoId: null }), 'photoRequired', { field: 'photoId' });
    const r1 = (await post('/meter-readings', { id: newId(), meterId: meter.id, current: 150, photoId: 'p1' })).body.record;
    expect(r1).toMatchObject({ previous: 100, consumption: 50, paid: false });
    const r2 = (
      await post('/meter-readings', { id: newId(), meterId: meter.id, current: 210.5, photoId: 'p2', readAt: new Date(Date.now() + 60_000).toISOString() })
    ).body.record;
    expect(r2.previous).toBe(150);
    const onlyLast = await del(`/meter-readings/${r1.id}?baseVersion=1`);
    expectRefused(onlyLast, 'onlyLastReadingCanBeDeleted');
    const paidReadings = (await get(`/meters/${(await get('/buildings/101/meters'))[0]?.id}/readings`)).filter((r) => r.paid);
    const paid = paidReadings[0];
    expectRefused(await patch(`/meter-readings/${paid?.id}`, { baseVersion: paid?.version, changes: { current: 999999 } }), 'paidReadingCannotBeUpdated');
    expect((await del(`/meter-readings/${r2.id}?baseVersion=1`)).status).toBe(200);
    const m = (await get('/buildings/104/meters')).find((x) => x.id === meter.id);
    expect(m?.lastReading).toBe(150);
  });
});

describe('maintenance plan', () => {
  it('refuses to send with unchecked tests unless confirmed', async () => {
    const tests = await get('/buildings/104/maintenance-tests');
    const t = tests[0];
    await patch(`/maintenance-tests/${t?.id}`, { baseVersion: t?.version, changes: { status: 'unchecked' } });
    const refused = await post('/buildings/104/maintenance-plan/send', { confirmIncomplete: false });
    expectRefused(refused, 'testsNotCompleted');
    expect(refused.body.incompleteCount).toBeGreaterThan(0);
    expect((await post('/buildings/104/maintenance-plan/send', { confirmIncomplete: true })).status).toBe(200);
  });
});
