import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { distDir, releaseNewWorker } from './fixtures/appServer';
import { waitForPage, waitForServiceWorkerControl } from './fixtures/browser';
import { text } from './pages/LoginPage';
import { ShellPage } from './pages/ShellPage';

describe('service worker update', () => {
  let app: TestApp;
  let shell: ShellPage;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = path.join(mkdtempSync(path.join(tmpdir(), 'binyan-dist-')), 'dist');
    cpSync(distDir, staticDir, { recursive: true });
    app = await startApp({ staticDir });
    shell = new ShellPage(app.page, app.baseUrl);
  });

  afterAll(async () => {
    await app?.stop();
    if (staticDir) rmSync(path.dirname(staticDir), { recursive: true, force: true });
  });

  it('waits with a new version until the user takes it from the update prompt, then reloads into it', async () => {
    await shell.goto('/login');
    await shell.waitForApp();
    await waitForServiceWorkerControl(app.page);

    await releaseNewWorker(staticDir);
    await app.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await waitForPage(
      app.page,
      'the new version installed and waiting',
      async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state === 'installed',
    );
    // Installed, it stays waiting while the page that runs the old code is open: nothing activates
    // behind the page's back. (A reload is not checked: when the only tab reloads, the browser may
    // activate a waiting worker in the gap between the two documents, which is the standard lifecycle.)
    await shell.waitForApp();
    expect(
      await app.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: registration?.waiting?.state ?? null, controller: navigator.serviceWorker.controller?.state ?? null };
      }),
    ).toEqual({ waiting: 'installed', controller: 'activated' });

    // The page offers the new version; the user's "Reload" sends SKIP_WAITING (no replay is running),
    // and the page reloads under it — also on this first visit, which no worker controlled at its start.
    await app.page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));
    const prompt = app.page.getByRole('status').filter({ hasText: text('he', 'field', 'update.ready') });
    await shell.waitVisible(prompt);
    await shell.button(text('he', 'field', 'update.reload')).click();
    await waitForPage(app.page, 'a new document under the new version', async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return (
        !('beforeTheUpdate' in window) &&
        registration?.waiting === null &&
        registration.active?.state === 'activated' &&
        navigator.serviceWorker.controller === registration.active
      );
    });
    await shell.waitForApp();
  });
});
