// A full disk in the middle of an action: Dexie refuses the write with QuotaExceededError. Nothing of
// the action may be half-written, the caller gets one error it can name, and the app frame hears of it.
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import { OUTBOX_SEQ_KEY } from '../../db/mutate';
import { createServiceCall } from '../testing/serviceCallRecords';
import { resetDb } from '../testing/setup';
import { isQuotaExceeded, noteStorageWritable, StorageFullError, storageFullSince, subscribeStorageFull } from './storageFull';

const call = { buildingId: 101, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };
const photo = { blob: new Blob(['jpeg'], { type: 'image/jpeg' }), width: 1, height: 1, hash: 'h1' };

beforeEach(async () => {
  await resetDb();
  noteStorageWritable();
});
afterEach(() => vi.restoreAllMocks());

// What IndexedDB throws, and the same as Dexie hands it on.
const quotaErrors = [
  ['the browser', () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')],
  ['Dexie', () => new Dexie.QuotaExceededError('QuotaExceededError', new DOMException('The quota has been exceeded.', 'QuotaExceededError'))],
  ['an aborted transaction', () => new Dexie.AbortError('Transaction aborted', new DOMException('The quota has been exceeded.', 'QuotaExceededError'))],
] as const;

describe('a full disk while saving', () => {
  it.each(quotaErrors)('stores nothing of the action when %s refuses a write, and throws StorageFullError', async (_, quota) => {
    await createServiceCall({ ...call, description: 'An earlier call that was saved' });
    const before = {
      calls: await db.serviceCalls.count(),
      outbox: await db.outbox.count(),
      photos: await db.photos.count(),
      seq: await db.meta.get(OUTBOX_SEQ_KEY),
    };
    // The photo's upload entry is the last write of the action: the call row and its entry went before it.
    const add = db.outbox.add.bind(db.outbox);
    vi.spyOn(db.outbox, 'add').mockImplementation((entry, key) => (entry.kind === 'photo' ? Dexie.Promise.reject(quota()) : add(entry, key)));
    const heard = vi.fn();
    const unsubscribe = subscribeStorageFull(heard);

    const saving = createServiceCall(call, [photo]);
    await expect(saving).rejects.toBeInstanceOf(StorageFullError);
    await expect(saving).rejects.toMatchObject({ messageKey: 'storageFull' });
    unsubscribe();

    expect(await db.serviceCalls.count()).toBe(before.calls);
    expect(await db.outbox.count()).toBe(before.outbox);
    expect(await db.photos.count()).toBe(before.photos);
    expect(await db.meta.get(OUTBOX_SEQ_KEY)).toEqual(before.seq);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(storageFullSince()).not.toBeNull();

    // Space freed: the same action saves whole, and the warning goes.
    vi.restoreAllMocks();
    await createServiceCall(call, [photo]);
    expect(await db.serviceCalls.count()).toBe(before.calls + 1);
    expect(await db.outbox.count()).toBe(before.outbox + 2);
    expect(storageFullSince()).toBeNull();
  });

  it('leaves other failures as they are', async () => {
    vi.spyOn(db.outbox, 'add').mockImplementation(() => Dexie.Promise.reject(new Dexie.ConstraintError('duplicate')));
    await expect(createServiceCall(call)).rejects.toMatchObject({ name: 'ConstraintError' });
    expect(storageFullSince()).toBeNull();
    expect(isQuotaExceeded(new Error('QuotaExceededError'))).toBe(false);
  });
});
