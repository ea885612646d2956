import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { axeCheck, goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { ShellPage } from './pages/ShellPage';

type WebManifest = {
  name: string;
  short_name: string;
  dir: string;
  lang: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; purpose?: string }>;
};

describe('app shell', () => {
  let app: TestApp;
  let shell: ShellPage;

  beforeAll(async () => {
    app = await startApp();
    shell = new ShellPage(app.page, app.baseUrl);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('loads right-to-left in Hebrew', async () => {
    await shell.goto('/login');
    await shell.waitForApp();
    await shell.expectDocumentDirection({ lang: 'he', dir: 'rtl' });
  });

  it('comes under the control of the service worker', async () => {
    await waitForServiceWorkerControl(app.page);
    const scriptUrl = await app.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(scriptUrl).toBe(`${app.baseUrl}/sw.js`);
  });

  it('still shows the app after an offline reload', async () => {
    await goOffline(app.context);
    try {
      await shell.reload();
      await shell.waitForApp();
      await shell.goto('/some/deep/link');
      await shell.waitForApp();
    } finally {
      await goOnline(app.context);
    }
  });

  it('serves an installable manifest: Hebrew, right-to-left, with icons', async () => {
    const response = await fetch(`${app.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as WebManifest;
    expect(manifest).toMatchObject({ dir: 'rtl', lang: 'he', short_name: 'בניין', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes}/${icon.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192/any', '512x512/any', '512x512/maskable']),
    );
    for (const icon of manifest.icons) {
      const image = await fetch(new URL(icon.src, app.baseUrl));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/png');
    }
  });

  it('has no serious accessibility violations', async () => {
    await shell.goto('/login');
    await shell.waitForApp();
    await axeCheck(app.page);
  });
});
