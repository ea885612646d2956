import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { KeyItemRow } from '../../db/schema';
import { createRig, resetDb } from '../../sync/testing/setup';
import { handOverItem, registerKey, registerMailItem } from './itemsRepo';
import { itemsOfBuilding, pendingItemsForApartment } from './itemsQueries';

const key = (tagNumber: string, extra: Partial<Parameters<typeof registerKey>[0]> = {}) =>
  registerKey({ buildingId: 5, apartmentId: 'apt-1', contactId: null, tagNumber, description: 'מפתח למחסן', ...extra });
const mail = (trackingNumber: string, extra: Partial<Parameters<typeof registerMailItem>[0]> = {}) =>
  registerMailItem({ buildingId: 5, apartmentId: null, contactId: 'c-1', kind: 'parcel', carrier: 'דואר ישראל', trackingNumber, description: '', ...extra });
const handover = { deliveredTo: 'יעל כהן', deliveredBy: 'אבי', deliveredAt: '2025-06-01T09:30:00.000Z' };

beforeEach(async () => {
  await resetDb();
  await db.contacts.add({
    id: 'c-1',
    buildingId: 5,
    apartmentId: 'apt-1',
    firstName: 'יעל',
    lastName: 'כהן',
    fullName: 'יעל כהן',
    email: null,
    phone: null,
    role: 'owner',
    position: null,
    carNumber: null,
    parkingNumber: null,
    version: 1,
    updatedAt: '',
    syncState: 'synced',
  });
});

describe('registering', () => {
  it('saves a key on the device with one outbox entry', async () => {
    const id = await key('K-1');
    expect(await db.keys.get(id)).toMatchObject({ status: 'pending', tagNumber: 'K-1', registeredBy: 'avi', syncState: 'local' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: 'create',
      request: { method: 'POST', path: 'keys' },
      payload: { id, buildingId: 5, tagNumber: 'K-1', apartmentId: 'apt-1' },
    });
    expect(entry?.payload).not.toHaveProperty('status');
  });

  it('refuses the same number twice among pending items of the building (also items made offline)', async () => {
    await key('K-1');
    await expect(key('k 1')).rejects.toMatchObject({ failure: { field: 'tagNumber', messageKey: 'itemAlreadyInserted' } });
    await expect(key('K-1', { buildingId: 6 })).resolves.toEqual(expect.any(String));
    await mail('RR123IL');
    await expect(mail('rr-123-il')).rejects.toMatchObject({ failure: { field: 'trackingNumber', messageKey: 'itemAlreadyInserted' } });
    expect(await db.outbox.count()).toBe(3);
  });

  it('allows the number again once the item was handed over', async () => {
    const id = await key('K-2');
    await handOverItem('keys', id, handover);
    await expect(key('K-2')).resolves.toEqual(expect.any(String));
  });

  it('requires a building, a number and (for keys) a description', async () => {
    await expect(key('K-3', { buildingId: null })).rejects.toMatchObject({ failure: { messageKey: 'noBuildingSelected' } });
    await expect(key(' ')).rejects.toMatchObject({ failure: { field: 'tagNumber', messageKey: 'requiredField' } });
    await expect(key('K-3', { description: '' })).rejects.toMatchObject({ failure: { field: 'description', messageKey: 'requiredField' } });
    await expect(mail('')).rejects.toMatchObject({ failure: { field: 'trackingNumber', messageKey: 'requiredField' } });
  });
});

describe('handing over', () => {
  it('records who received it, who gave it and when, as a versioned POST', async () => {
    await db.keys.add({
      id: 'k1',
      buildingId: 5,
      apartmentId: 'apt-1',
      contactId: null,
      tagNumber: 'K-9',
      description: 'd',
      status: 'pending',
      registeredAt: '2025-01-01T00:00:00Z',
      registeredBy: 'דנה',
      deliveredTo: null,
      deliveredBy: null,
      deliveredAt: null,
      version: 4,
      updatedAt: '',
      syncState: 'synced',
    } satisfies KeyItemRow);
    await handOverItem('keys', 'k1', handover);
    expect(await db.keys.get('k1')).toMatchObject({ ...handover, status: 'delivered', syncState: 'local' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: 'handover',
      request: { method: 'POST', path: 'keys/k1/handover', wrap: 'payload', versionIn: 'body' },
      payload: handover,
      baseVersion: 4,
    });
    expect((await itemsOfBuilding('keys', 5, 'delivered')).map((k) => k.id)).toEqual(['k1']);
  });

  it('refuses a handover without a recipient or a valid time, and a second handover', async () => {
    const id = await mail('RR1');
    await expect(handOverItem('mailItems', id, { ...handover, deliveredTo: ' ' })).rejects.toMatchObject({
      failure: { field: 'deliveredTo', messageKey: 'requiredField' },
    });
    await expect(handOverItem('mailItems', id, { ...handover, deliveredAt: 'not a date' })).rejects.toMatchObject({ failure: { messageKey: 'invalidDate' } });
    await handOverItem('mailItems', id, handover);
    await expect(handOverItem('mailItems', id, handover)).rejects.toMatchObject({ failure: { messageKey: 'itemAlreadyDelivered' } });
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('pending items of an apartment', () => {
  it('lists what is waiting for the apartment or its tenants', async () => {
    const k = await key('K-1');
    await key('K-2', { apartmentId: 'apt-2' });
    const m = await mail('RR1');
    const delivered = await mail('RR2');
    await handOverItem('mailItems', delivered, handover);
    const pending = await pendingItemsForApartment('apt-1');
    expect(pending.keys.map((i) => i.id)).toEqual([k]);
    expect(pending.mailItems.map((i) => i.id)).toEqual([m]);
  });
});

it('replays a key and a mail item registered offline exactly once each', async () => {
  const rig = createRig();
  const k = await key('K-5');
  const m = await mail('RR5');
  await rig.engine.replay();
  await rig.engine.replay();
  expect(rig.server.applied.map((a) => `${a.method} ${a.path}`).sort()).toEqual(['POST keys', 'POST mail-items']);
  expect(await db.keys.get(k)).toMatchObject({ syncState: 'synced', version: 1 });
  expect(await db.mailItems.get(m)).toMatchObject({ syncState: 'synced', version: 1 });
  expect(await db.outbox.count()).toBe(0);
});
