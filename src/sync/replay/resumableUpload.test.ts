// The client's resumable upload (issue 30): a transfer cut halfway continues from the server's offset,
// parts follow the measured rate, and the deadline is per part (no progress = stalled), not per photo.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client';
import { createFakeServer } from '../testing/fakeServer';
import type { FakeServer } from '../testing/fakeServer';
import { FIRST_PART_BYTES, MIN_PART_BYTES, SLOW_FIRST_PART_BYTES, nextPartBytes, uploadResumable } from './resumableUpload';
import { isSlowLink, lastUploadRate, noteUploadRate, photoConcurrency, resetLinkQualityForTests } from './linkQuality';

const photo = (size: number) => new Blob([new Uint8Array(size).map((_, i) => i % 251)]);

function rig(server: FakeServer, timeoutMs = 10_000) {
  return createApiClient({ baseUrl: 'http://fake.test/api', fetch: server.fetch, getToken: () => Promise.resolve(server.token), timeoutMs });
}

const request = (blob: Blob) => ({ blob, key: 'entry-1', parentType: 'serviceCalls', parentId: 'call-1', fileId: 'file-1', fileName: 'photo.jpg' });

beforeEach(() => resetLinkQualityForTests());
afterEach(() => vi.useRealTimers());

describe('a photo in parts', () => {
  it('continues from where a cut transfer stopped, never sending a byte the server has again', async () => {
    const server = createFakeServer();
    const api = rig(server);
    const blob = photo(300 * 1024);
    // An unknown link: a first part of 64 KB, then the second part is cut (nothing arrives), the attempt ends.
    let calls = 0;
    const cutting: typeof fetch = async (input, init) => {
      calls += 1;
      if (init?.method === 'PATCH' && calls === 3) throw new TypeError('connection lost');
      return server.fetch(input, init);
    };
    const cutApi = createApiClient({ baseUrl: 'http://fake.test/api', fetch: cutting, getToken: () => Promise.resolve(server.token) });
    await expect(uploadResumable(cutApi, request(blob))).rejects.toMatchObject({ errorCode: 'NETWORK' });
    const before = server.uploadedParts.reduce((n, p) => n + p.size, 0);
    expect(before).toBe(SLOW_FIRST_PART_BYTES);
    expect(before).toBeLessThan(blob.size);

    const outcome = await uploadResumable(api, request(blob));
    expect(outcome).toEqual({ kind: 'uploaded', path: 'files/uploads/upload-1' });
    // Each byte went once: the parts tile the photo from 0 without overlap.
    let expected = 0;
    for (const part of server.uploadedParts) {
      expect(part.offset).toBe(expected);
      expected += part.size;
    }
    expect(expected).toBe(blob.size);
  });

  it('goes on from the server’s offset when a part’s answer was lost (409)', async () => {
    const server = createFakeServer();
    const blob = photo(100 * 1024);
    let lost = false;
    const losing: typeof fetch = async (input, init) => {
      const answer = await server.fetch(input, init);
      if (init?.method === 'PATCH' && !lost) {
        lost = true;
        throw new TypeError('answer lost');
      }
      return answer;
    };
    const api = createApiClient({ baseUrl: 'http://fake.test/api', fetch: losing, getToken: () => Promise.resolve(server.token) });
    await expect(uploadResumable(api, request(blob))).rejects.toMatchObject({ errorCode: 'NETWORK' });
    await expect(uploadResumable(api, request(blob))).resolves.toMatchObject({ kind: 'uploaded' });
    expect(server.uploadedParts.reduce((n, p) => n + p.size, 0)).toBe(blob.size);
  });

  it('ends an attempt only when a part makes no progress for the stall deadline, however long the photo takes', async () => {
    vi.useFakeTimers();
    const server = createFakeServer();
    const blob = photo(200 * 1024);
    // Each part is acknowledged after 15 s: the photo takes a minute, yet no part stalls for 20 s.
    const slow: typeof fetch = (input, init) => new Promise((resolve, reject) => setTimeout(() => server.fetch(input, init).then(resolve, reject), 15_000));
    const api = createApiClient({ baseUrl: 'http://fake.test/api', fetch: slow, getToken: () => Promise.resolve(server.token) });
    const done = uploadResumable(api, { ...request(blob), stallMs: 20_000 });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await expect(done).resolves.toMatchObject({ kind: 'uploaded' });

    // A part that never gets an answer ends the attempt after the stall deadline.
    const hung: typeof fetch = (input, init) => (init?.method === 'PATCH' ? new Promise(() => undefined) : server.fetch(input, init));
    const hangingApi = createApiClient({ baseUrl: 'http://fake.test/api', fetch: hung, getToken: () => Promise.resolve(server.token) });
    const stalled = uploadResumable(hangingApi, { ...request(photo(50 * 1024)), key: 'entry-2', stallMs: 20_000 });
    const seen = expect(stalled).rejects.toMatchObject({ errorCode: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(20_001);
    await seen;
    // The next attempt's parts fit the stall deadline at the rate that part failed to reach.
    expect(nextPartBytes(false, lastUploadRate())).toBe(MIN_PART_BYTES);
  });
});

describe('part sizes and how many photos at once', () => {
  it('sizes a part to a few seconds of the measured rate, within the server’s limits', () => {
    expect(nextPartBytes(true, null)).toBe(SLOW_FIRST_PART_BYTES);
    expect(nextPartBytes(false, null)).toBe(FIRST_PART_BYTES);
    expect(nextPartBytes(true, 32_000)).toBe(160_000);
    expect(nextPartBytes(true, 10)).toBe(MIN_PART_BYTES);
    expect(nextPartBytes(false, 10_000_000)).toBe(1024 * 1024);
  });

  it('sends one photo at a time on a slow or unknown link, two on a good one', () => {
    expect(photoConcurrency({})).toBe(1);
    expect(photoConcurrency({ connection: { effectiveType: '3g' } })).toBe(1);
    expect(photoConcurrency({ connection: { effectiveType: '4g', saveData: true } })).toBe(1);
    expect(photoConcurrency({ connection: { effectiveType: '4g' } })).toBe(2);
    noteUploadRate(32_000);
    expect(isSlowLink({ connection: { effectiveType: '4g' } })).toBe(true);
    noteUploadRate(2_000_000);
    expect(isSlowLink({})).toBe(false);
  });
});
