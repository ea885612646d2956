// A photo upload the server refuses (not an image: the request's bytes are replaced on the wire, so the
// REAL server judges it) goes to "needs attention" with its translated reason and is never sent again;
// the call and its other photo arrive. Along the way: the picker refuses a non-image before anything is
// queued, a stored image loads by the session cookie (no token in its URL) and lands in the service
// worker's image cache, and the app runs under its Content-Security-Policy without a violation.
import type { Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeCheck } from './fixtures/browser';
import type { TestApp } from './fixtures/app';
import type { Network } from './fixtures/chaos';
import { startChaosApp } from './fixtures/chaosApp';
import { waitFor } from './fixtures/waitFor';
import type { ChaosApp } from './fixtures/chaosApp';
import { uniquePng } from './fixtures/images';
import type { ServerState } from './fixtures/serverState';
import type { AddServiceCallPage } from './pages/AddServiceCallPage';
import { text } from './pages/LoginPage';
import type { ServiceCallPage } from './pages/ServiceCallPage';
import { plural } from './pages/SyncScreenPage';
import type { SyncScreenPage } from './pages/SyncScreenPage';

// Photos go as resumable uploads (docs/api.md "Resumable upload"): parts, then a finish that attaches.
const PART = /\/api\/files\/uploads\/[^/]+$/;
const FINISH = /^\/api\/files\/uploads\/[^/]+\/finish$/;

/** The first part's bytes become a PDF's on the way (a device bug, a broken proxy); the rest pass. */
function corruptFirstPart(): (route: Route, request: Request) => Promise<void> {
  let corrupted = false;
  return async (route, request) => {
    if (corrupted || request.method() !== 'PATCH') return route.continue();
    corrupted = true;
    const bytes = request.postDataBuffer() ?? Buffer.alloc(0);
    const notAnImage = Buffer.alloc(bytes.length, ' ');
    notAnImage.write('%PDF-1.7 a scanned form, not a photo');
    await route.continue({ postData: notAnImage });
  };
}

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

describe('a refused photo upload', () => {
  let chaos: ChaosApp | undefined;
  let app: TestApp;
  let state: ServerState;
  let net: Network;
  let add: AddServiceCallPage;
  let call: ServiceCallPage;
  let sync: SyncScreenPage;
  let id = '';
  const finishes: string[] = [];

  beforeAll(async () => {
    chaos = await startChaosApp();
    ({ app, state, net, add, call, sync } = chaos);
    app.context.on('request', (request) => {
      if (request.method() === 'POST' && FINISH.test(new URL(request.url()).pathname)) finishes.push(request.url());
    });
    // Every document from now on reports what its CSP blocks.
    await app.context.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.cspViolations?.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  });

  afterAll(async () => {
    await chaos?.stop();
  });

  it('refuses a file that is not an image in the picker, before anything is queued', async () => {
    await add.open(102);
    await app.page.getByLabel(add.t('photos.gallery')).setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') });
    const alert = app.page.getByRole('alert').filter({ hasText: text('he', 'errors', 'onlyImageAllowed') });
    await add.waitVisible(alert);
    expect(await add.pickedPhotos().count()).toBe(0);
  });

  it('puts the refused upload under needs attention with its translated reason, and sends the rest', async () => {
    await net.setOffline(true);
    await add.fill({
      domain: 'general',
      description: 'סדק בקיר חדר המדרגות בקומה השנייה',
      photos: [
        { name: 'crack-1.png', mimeType: 'image/png', buffer: uniquePng(901) },
        { name: 'crack-2.png', mimeType: 'image/png', buffer: uniquePng(902) },
      ],
    });
    id = await add.submit();
    await sync.waitForPending(3);

    await app.context.route(PART, corruptFirstPart());
    await net.setOffline(false);
    await sync.waitForIndicator(
      `${sync.t('indicator.online')}, ${plural('he', 'sync', 'indicator.pending', 1)}, ${plural('he', 'sync', 'indicator.attention', 1)}`,
      30_000,
    );
    await call.waitVisible(call.badge('synced'));
    expect(state.count('SELECT COUNT(*) FROM service_calls WHERE id = ?', id)).toBe(1);
    expect(state.count('SELECT COUNT(*) FROM files WHERE parentId = ?', id)).toBe(1);
    expect(finishes).toHaveLength(2);

    await sync.open();
    const entry = sync.entry('upload', 'photos');
    await sync.waitVisible(entry.getByText(sync.t('entryState.attention'), { exact: true }));
    expect(await sync.reason(entry).textContent()).toBe(`${text('he', 'errors', 'onlyImageAllowed')} (${sync.t('fields.base64String')})`);
    await axeCheck(app.page);
  });

  it('never sends the refused upload again: later replays pass it by', async () => {
    const uploads = finishes.length;
    await net.setOffline(true);
    await call.open(id);
    await call.changeStatus('inTreatment');
    await net.setOffline(false);
    await state.until(
      'the status change applied',
      () => (state.row<{ status: string }>('SELECT status FROM service_calls WHERE id = ?', id)?.status === 'inTreatment' ? true : undefined),
      30_000,
    );
    await sync.waitForIndicator(
      `${sync.t('indicator.online')}, ${plural('he', 'sync', 'indicator.pending', 1)}, ${plural('he', 'sync', 'indicator.attention', 1)}`,
      30_000,
    );
    expect(finishes).toHaveLength(uploads);

    await sync.open();
    const entry = sync.entry('upload', 'photos');
    await sync.waitVisible(entry);
    await sync.discard(entry);
    await sync.waitForIndicator(`${sync.t('indicator.online')}, ${sync.t('indicator.allSent')}`);
    expect(finishes).toHaveLength(uploads);
  });

  it('loads a stored image by the session cookie, into the service worker cache, with no CSP violation', async () => {
    const file = state.row<{ id: string }>('SELECT id FROM files WHERE parentId = ?', id);
    const src = `/api/files/getImg?src=${file?.id}`;
    const width = await app.page.evaluate(async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img.naturalWidth;
    }, src);
    expect(width).toBe(320);
    // The worker stores it after answering: wait for the entry, keyed by the URL as the page asked for it.
    const cached = async () => app.page.evaluate(async (url) => (await (await caches.open('binyan-images')).match(url)) !== undefined, src);
    await waitFor('the image in the service worker cache', async () => ((await cached()) ? true : undefined), 10_000);
    expect(await app.page.evaluate(() => window.cspViolations ?? ['no listener'])).toEqual([]);
  });
});
