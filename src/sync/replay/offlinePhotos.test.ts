import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import type { PhotoRow } from '../../db/schema';
import { keepOfflineCopies, offlineCopyId, shrinkSentPhotos } from './offlinePhotos';
import { photosOf } from '../write/photos';
import { createServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb } from '../testing/setup';

const requests: string[] = [];
const sizes = new Map<string, number>([
  ['face-1', 100],
  ['face-2', 100],
  ['call-1', 300],
  ['gone', 0],
]);

/** A server: one request for several small copies (GET files/smallImages), or (`batch: false`) one each. */
function serverApi(batch: boolean): ApiClient {
  return {
    raw: async (_m: string, path: string, payload: { src: string; size?: string }) => {
      if (path === 'files/smallImages') {
        requests.push(`${path}?${payload.src}`);
        if (!batch) return new Response('not found', { status: 404 });
        const parts = new FormData();
        for (const id of payload.src.split(',')) {
          const size = sizes.get(id) ?? 0;
          if (size > 0) parts.append(id, new Blob([new Uint8Array(size)], { type: 'image/jpeg' }), `${id}.jpg`);
        }
        return new Response(parts);
      }
      requests.push(`${path}?${payload.src}&${payload.size ?? ''}`);
      const size = sizes.get(payload.src) ?? 0;
      return size === 0 ? new Response('not found', { status: 404 }) : new Response(new Blob([new Uint8Array(size)], { type: 'image/jpeg' }));
    },
  } as unknown as ApiClient;
}

const api = serverApi(true);

const reading = (id: string, fileId: string) => ({ fileId, ownerTable: 'meterReadings', ownerId: id });

beforeEach(async () => {
  await resetDb();
  requests.length = 0;
});

describe('small photo copies for the day offline', () => {
  it('stores the small version of each wanted photo once, as an uploaded row that is never sent', async () => {
    const result = await keepOfflineCopies(api, [
      reading('r1', 'face-1'),
      reading('r2', 'face-1'),
      { fileId: 'call-1', ownerTable: 'serviceCalls', ownerId: 'c1' },
    ]);
    expect(result).toEqual({ stored: 3, bytes: 500, budget: 20 * 1024 * 1024, skipped: 0 });
    expect(requests).toEqual(['files/smallImages?face-1,call-1']);
    expect(await db.photos.get(offlineCopyId(reading('r1', 'face-1')))).toMatchObject({
      ownerTable: 'meterReadings',
      ownerId: 'r1',
      role: 'offlineCopy',
      uploadState: 'uploaded',
      fileId: 'face-1',
      size: 100,
    });
    expect(await db.photos.get('call-1')).toMatchObject({ ownerTable: 'serviceCalls', ownerId: 'c1', role: 'offlineCopy' });
    expect(await db.outbox.count()).toBe(0);

    requests.length = 0;
    expect(await keepOfflineCopies(api, [reading('r1', 'face-1')])).toMatchObject({ stored: 1, bytes: 100 });
    expect(requests).toEqual([]);
    // The copies of a day the new list does not name are removed.
    expect(await db.photos.count()).toBe(1);
  });

  it('stops at the budget and counts what did not fit, reporting progress on the way', async () => {
    const seen: number[] = [];
    const result = await keepOfflineCopies(
      api,
      [reading('r1', 'face-1'), reading('r2', 'face-2'), { fileId: 'call-1', ownerTable: 'serviceCalls', ownerId: 'c1' }],
      {
        budget: 250,
        onProgress: (p) => seen.push(p.bytes),
      },
    );
    expect(result).toMatchObject({ stored: 2, bytes: 200, skipped: 1, budget: 250 });
    expect(seen.at(-1)).toBe(200);
    expect(seen).toContain(100);
  });

  it('leaves photos taken on this phone alone and skips a file the server no longer has', async () => {
    const own: PhotoRow = {
      id: 'p1',
      ownerTable: 'meterReadings',
      ownerId: 'r1',
      role: 'meter',
      blob: new Blob([new Uint8Array(5)]),
      mime: 'image/jpeg',
      width: 1,
      height: 1,
      size: 5,
      hash: 'h',
      createdAt: '2026-01-01T00:00:00Z',
      uploadState: 'local',
      fileId: null,
    };
    await db.photos.add(own);
    const result = await keepOfflineCopies(api, [reading('r1', 'face-1'), reading('r3', 'gone')]);
    expect(result).toMatchObject({ stored: 0, skipped: 1 });
    expect(requests).toEqual(['files/smallImages?gone']);
    expect(await db.photos.get('p1')).toMatchObject({ uploadState: 'local' });
  });

  it('asks a server without the call for one photo at a time, and only once for the call', async () => {
    const older = serverApi(false);
    await keepOfflineCopies(older, [reading('r1', 'face-1'), { fileId: 'call-1', ownerTable: 'serviceCalls', ownerId: 'c1' }]);
    expect(requests).toEqual(['files/smallImages?face-1,call-1', 'files/getImg?face-1&small', 'files/getImg?call-1&small']);
    requests.length = 0;
    expect(await keepOfflineCopies(older, [reading('r2', 'face-2')])).toMatchObject({ stored: 1 });
    expect(requests).toEqual(['files/getImg?face-2&small']);
  });
});

describe('photos already sent', () => {
  const small = (bytes: number, answered: string[] = []) =>
    ({
      raw: async (_m: string, path: string, payload: { src: string; size: string }) => {
        answered.push(`${path}?${payload.src}&${payload.size}`);
        return bytes === 0 ? new Response('offline', { status: 503 }) : new Response(new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));
      },
    }) as unknown as ApiClient;
  const taken = { blob: new Blob([new Uint8Array(5_000)], { type: 'image/jpeg' }), width: 1920, height: 1440, hash: 'full-hash' };
  const call = { buildingId: 101, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

  it('keep only their small version once the server has them and their record has nothing left to send', async () => {
    const rig = createRig();
    const id = await createServiceCall(call, [taken]);
    await updateServiceCall(id, { priority: 'high' });
    await rig.engine.replay();
    const [sent] = await photosOf('serviceCalls', id);
    expect(sent).toMatchObject({ uploadState: 'uploaded', size: 5_000, sentAt: expect.any(String) });

    // A change of the call still waiting: the photo waits with it.
    await updateServiceCall(id, { priority: 'urgent' });
    expect(await shrinkSentPhotos(small(300))).toEqual({ shrunk: 0, freedBytes: 0 });
    await rig.engine.replay();

    const answered: string[] = [];
    expect(await shrinkSentPhotos(small(300, answered))).toEqual({ shrunk: 1, freedBytes: 4_700 });
    expect(answered).toEqual([`files/getImg?${sent?.fileId ?? ''}&small`]);
    const after = await db.photos.get(sent?.id ?? '');
    expect(after).toMatchObject({ id: sent?.id, ownerTable: 'serviceCalls', ownerId: id, role: 'attachment', fileId: sent?.fileId, size: 300, small: true });
    expect(after?.blob.size).toBe(300);
    // Done once: nothing is fetched again.
    expect(await shrinkSentPhotos(small(300, answered))).toEqual({ shrunk: 0, freedBytes: 0 });
    expect(answered).toHaveLength(1);
  });

  it('leaves photos not sent, downloaded ones and offline copies alone, and keeps the full size while the small one cannot be fetched', async () => {
    const rig = createRig();
    const id = await createServiceCall(call, [taken]);
    await rig.engine.replay();
    const local = await createServiceCall({ ...call, description: 'Another leak, not sent yet' }, [{ ...taken, hash: 'other' }]);
    const row = (p: Partial<PhotoRow>): PhotoRow => ({
      id: 'x',
      ownerTable: 'serviceCalls',
      ownerId: 'c9',
      role: 'attachment',
      blob: new Blob([new Uint8Array(4_000)]),
      mime: 'image/jpeg',
      width: 0,
      height: 0,
      size: 4_000,
      hash: '',
      createdAt: '2026-11-28T08:00:00Z',
      uploadState: 'uploaded',
      fileId: 'f9',
      ...p,
    });
    await db.photos.bulkAdd([row({ id: 'downloaded' }), row({ id: 'copy', role: 'offlineCopy' })]);

    expect(await shrinkSentPhotos(small(0))).toEqual({ shrunk: 0, freedBytes: 0 });
    expect((await photosOf('serviceCalls', id))[0]).toMatchObject({ size: 5_000 });
    expect(await shrinkSentPhotos(small(300))).toMatchObject({ shrunk: 1 });
    expect((await photosOf('serviceCalls', local))[0]).toMatchObject({ uploadState: 'local', size: 5_000 });
    expect(await db.photos.get('downloaded')).toMatchObject({ size: 4_000 });
    expect(await db.photos.get('copy')).toMatchObject({ size: 4_000 });
  });
});
