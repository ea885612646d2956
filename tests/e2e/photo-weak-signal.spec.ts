// Issue 30, item 4: a ~1 MB photo on a weak signal (256 kbit/s up, 400 ms round trip, shaped through
// Chromium's DevTools protocol) whose connection is cut at about half of the upload arrives once,
// continuing from where it stopped, and the call is marked sent only when its photo is there.
import type { Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeContextNetwork, shapeServiceWorkerNetwork } from './fixtures/browser';
import type { ChaosApp } from './fixtures/chaosApp';
import { startChaosApp } from './fixtures/chaosApp';
import { noisePng } from './fixtures/images';
import { waitFor } from './fixtures/waitFor';

const PART = /^\/api\/files\/uploads\/[^/]+$/;
const PART_URL = /\/api\/files\/uploads\/[^/]+$/;
const FINISH = /^\/api\/files\/uploads\/[^/]+\/finish$/;
const WEAK = { latency: 400, uploadThroughput: 32_000, downloadThroughput: 64_000 };

type Part = { offset: number; at: number };

describe('a photo on a weak signal', () => {
  let chaos: ChaosApp | undefined;

  beforeAll(async () => {
    chaos = await startChaosApp();
  });
  afterAll(async () => {
    await chaos?.stop();
  });

  it('arrives once after a cut at half, continuing from the server’s offset, and the call waits for it', async () => {
    if (!chaos) throw new Error('no app');
    const { app, state, net, add, call } = chaos;
    const parts: Part[] = [];
    const finishes: Request[] = [];
    const failedParts: number[] = [];
    app.context.on('requestfailed', (request) => {
      if (request.method() === 'PATCH' && PART.test(new URL(request.url()).pathname)) failedParts.push(Date.now());
    });
    app.context.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === 'PATCH' && PART.test(path)) parts.push({ offset: Number(request.headers()['upload-offset']), at: Date.now() });
      if (request.method() === 'POST' && FINISH.test(path)) finishes.push(request);
    });

    await add.open(102);
    await net.setOffline(true);
    await add.fill({
      domain: 'general',
      description: 'רטיבות בתקרת הלובי ליד המעלית',
      photos: [{ name: 'ceiling.png', mimeType: 'image/png', buffer: noisePng(4301, 1400, 1050) }],
    });
    const id = await add.submit();
    await shapeContextNetwork(app.context, WEAK);
    await shapeServiceWorkerNetwork(app.context, app.page, WEAK);
    await net.setOffline(false);

    const half = await state.until(
      'half of the photo on the server',
      () => {
        const row = state.row<{ received: number; length: number }>('SELECT received, length FROM resumable_uploads');
        return row && row.received >= row.length / 2 ? row : undefined;
      },
      120_000,
    );
    expect(half.length).toBeGreaterThan(600_000);
    expect(state.count('SELECT COUNT(*) FROM files WHERE parentId = ?', id)).toBe(0);
    // The cut: the next part dies on the way (the connection drops); what the server kept stays.
    const cutAt = Date.now();
    let cut = false;
    const cutter = async (route: Route) => {
      if (cut || route.request().method() !== 'PATCH') return route.continue();
      cut = true;
      return route.abort('internetdisconnected');
    };
    await app.context.route(PART_URL, cutter);
    await waitFor('a part cut on the wire', () => (failedParts.some((at) => at >= cutAt) ? true : undefined), 30_000);
    await app.context.unroute(PART_URL, cutter);
    const kept = state.row<{ received: number }>('SELECT received FROM resumable_uploads')?.received ?? 0;
    expect(kept).toBeLessThan(half.length);

    await state.until('the photo attached', () => (state.count('SELECT COUNT(*) FROM files WHERE parentId = ?', id) > 0 ? true : undefined), 180_000);
    await call.waitVisible(call.badge('synced'));
    expect(state.count('SELECT COUNT(*) FROM files WHERE parentId = ?', id)).toBe(1);
    expect(state.row<{ received: number; length: number }>('SELECT received, length FROM resumable_uploads')).toEqual({
      received: half.length,
      length: half.length,
    });
    // After the cut the parts went on from what the server kept, never from the start again.
    const after = parts.filter((p) => p.at > cutAt);
    expect(after.length).toBeGreaterThan(0);
    expect(Math.min(...after.map((p) => p.offset))).toBeGreaterThanOrEqual(kept);
    expect(finishes).toHaveLength(1);
    await shapeContextNetwork(app.context, null);
  });
});
