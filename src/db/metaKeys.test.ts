import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { getMeta, metaKeys, putMeta, storedParts } from './metaKeys';

beforeEach(async () => {
  await db.open();
  await db.meta.clear();
});

describe('typed meta keys', () => {
  it('keeps each row of a family under its own key, with the keys the devices already hold', async () => {
    const gates = { records: [], savedAt: '2026-11-29T06:00:00.000Z' };
    await putMeta(metaKeys.gatesList(101), gates);
    await putMeta(metaKeys.galleryList(101), []);
    expect(await getMeta(metaKeys.gatesList(101))).toEqual(gates);
    expect(await getMeta(metaKeys.gatesList(102))).toBeUndefined();
    // Stored before the keys were typed: the same strings, so nothing on a device is lost.
    expect((await db.meta.toArray()).map((r) => r.key).sort()).toEqual(['gallery.list:101', 'gates.list:101']);
  });

  it('reads a fixed key as written', async () => {
    expect(await getMeta(metaKeys.closingMessageDays)).toBeUndefined();
    await putMeta(metaKeys.closingMessageDays, '14');
    expect(await getMeta(metaKeys.closingMessageDays)).toBe('14');
    expect(await db.meta.get('serviceCalls.closingMessageDays')).toEqual({ key: 'serviceCalls.closingMessageDays', value: '14' });
  });

  it('lists the parts of a family that have a row, and only those', async () => {
    const file = { id: 'd1', blob: new Blob(['x']), mimeType: 'application/pdf', storedAt: '2026-11-29T06:00:00.000Z' };
    await putMeta(metaKeys.documentFile('d1'), file);
    await putMeta(metaKeys.documentFile('d2'), { ...file, id: 'd2' });
    await putMeta(metaKeys.documentsList(101), { buildingId: 101, records: [], pulledAt: file.storedAt });
    expect((await storedParts(metaKeys.documentFile)).sort()).toEqual(['d1', 'd2']);
    expect(await storedParts(metaKeys.documentsList)).toEqual(['101']);
  });
});
