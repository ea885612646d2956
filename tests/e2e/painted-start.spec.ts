// The painted offline start (issue 13): a worker reopening the app offline sees the last dashboard at
// once, styled as the app styles it, under the page's own Content-Security-Policy (no inline style),
// and the app's own list takes its place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from './fixtures/app';
import type { TestApp } from './fixtures/app';
import { goOffline, goOnline, waitForServiceWorkerControl } from './fixtures/browser';
import { avi } from './fixtures/chaos';
import { STATE_TIMEOUT_MS } from './pages/BasePage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';

type PaintedCover = { rows: number; rowDisplay: string; accent: string; sheets: number };
type Watch = { violations: string[]; cover: PaintedCover | null };
declare global {
  interface Window {
    paintedStartWatch?: Watch;
  }
}

/** Runs before any script of the page: notes CSP refusals, and the cover as painted, before the app runs. */
function watchPaintedStart(): void {
  const watch: Watch = { violations: [], cover: null };
  window.paintedStartWatch = watch;
  document.addEventListener('securitypolicyviolation', (event) => watch.violations.push(`${event.violatedDirective}: ${event.sample}`));
  const observer = new MutationObserver(() => {
    const cover = document.getElementById('painted-start');
    if (!cover) return;
    observer.disconnect();
    const row = cover.querySelector('ul button');
    const avatar = row?.querySelector('span[aria-hidden="true"]');
    watch.cover = {
      rows: cover.querySelectorAll('ul button').length,
      rowDisplay: row ? getComputedStyle(row).display : '',
      accent: avatar ? getComputedStyle(avatar).getPropertyValue('--accent').trim() : '',
      sheets: document.adoptedStyleSheets.length,
    };
  });
  observer.observe(document, { childList: true, subtree: true });
}

describe('painted offline start', () => {
  let app: TestApp;
  let dashboard: DashboardPage;

  beforeAll(async () => {
    app = await startApp();
    dashboard = new DashboardPage(app.page, app.baseUrl);
    await new LoginPage(app.page, app.baseUrl).signInOn(app.server, avi);
    // A field worker's home is the day's plan (app/homeRoute.ts); the buildings list is a menu entry away.
    await dashboard.waitForRoute('dailyPlan');
    await dashboard.navigateTo('dashboard');
    await waitForServiceWorkerControl(app.page);
  });

  afterAll(async () => {
    await app?.stop();
  });

  it('paints the last dashboard styled, with no inline style refused, until the app shows its own list', async () => {
    await expect.poll(() => dashboard.rows().count(), { timeout: STATE_TIMEOUT_MS }).toBeGreaterThan(0);
    const liveRows = await dashboard.rows().count();
    const liveAccent = await dashboard
      .rows()
      .first()
      .locator('span[aria-hidden="true"]')
      .first()
      .evaluate((avatar) => getComputedStyle(avatar).getPropertyValue('--accent').trim());
    // The dashboard is kept a second after it settles.
    await app.page.waitForFunction(() => localStorage.getItem('binyan.paintedStart') !== null, undefined, { timeout: STATE_TIMEOUT_MS });

    await app.page.addInitScript(watchPaintedStart);
    await goOffline(app.context);
    try {
      await app.page.reload();
      await expect.poll(() => dashboard.rows().count(), { timeout: STATE_TIMEOUT_MS }).toBe(liveRows);
      await app.page.waitForFunction(() => document.getElementById('painted-start') === null, undefined, { timeout: STATE_TIMEOUT_MS });
      const watch = await app.page.evaluate(() => window.paintedStartWatch);
      expect(watch?.cover).toEqual({ rows: liveRows, rowDisplay: 'flex', accent: liveAccent, sheets: 1 });
      expect(watch?.violations).toEqual([]);
      // Taken away with its rules: nothing of the cover styles the app's own screen.
      expect(await app.page.evaluate(() => document.adoptedStyleSheets.length)).toBe(0);
    } finally {
      await goOnline(app.context);
    }
  });
});
