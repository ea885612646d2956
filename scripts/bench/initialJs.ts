// Row 1: the JavaScript Chromium actually loads to render /login, and / after signing in (each
// response gzipped at level 9, as a server would send it, and the bytes our server did send: the build's
// brotli copies). No service worker and no HTTP cache, so every script is a request we can see.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/fixtures/browser';
import { LoginPage } from '../../tests/e2e/pages/LoginPage';
import { COMPOSITION_FILE, madeOf } from '../chunkComposition';
import type { Composition } from '../chunkComposition';
import { DASHBOARD_MARK, hasMark, signInThroughUi } from './appFlow';
import type { BenchContext } from './context';
import { kb } from './stats';
import type { BenchRow } from './table';
import { buildingsPath } from '../../src/lib/appPaths';

// Issue 28: the targets are the bytes our server sends (its brotli copies), not gzip -9.
const LOGIN_TARGET = 115 * 1024;
const DASHBOARD_TARGET = 200 * 1024;
const TARGET = 'on the wire: /login ≤ 115 KB · / ≤ 200 KB';

type Loaded = { files: number; raw: number; gzip: number; wire: number; byFile: Array<{ file: string; gzip: number }> };

function isScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || type.includes('javascript');
}

/** Every script response while `load` runs and until the network is idle. */
async function scriptsLoadedBy(page: Page, load: () => Promise<void>): Promise<Loaded> {
  const bodies = new Map<string, Promise<Buffer>>();
  const wire = new Map<string, Promise<number>>();
  const onResponse = (response: Response) => {
    if (!response.ok() || !isScript(response) || bodies.has(response.url())) return;
    // A body is gone once its page navigates away: then the same URL is read from the server.
    bodies.set(
      response.url(),
      response.body().catch(async () => Buffer.from(await (await fetch(response.url())).arrayBuffer())),
    );
    // What travelled: the encoded body (brotli when the server had a copy), once the response finished.
    wire.set(
      response.url(),
      response
        .finished()
        .then(async () => (await response.request().sizes()).responseBodySize)
        .catch(() => 0),
    );
  };
  page.on('response', onResponse);
  try {
    await load();
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  const files = await Promise.all([...bodies.entries()].map(async ([url, body]) => ({ url, body: await body })));
  const wireBytes = (await Promise.all(wire.values())).reduce((sum, bytes) => sum + bytes, 0);
  const byFile = files.map(({ url, body }) => ({
    file: new URL(url).pathname.replace(/^\/assets\//, ''),
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
  }));
  return {
    files: byFile.length,
    raw: byFile.reduce((s, f) => s + f.raw, 0),
    gzip: byFile.reduce((s, f) => s + f.gzip, 0),
    wire: wireBytes,
    byFile: byFile.sort((a, b) => b.gzip - a.gzip).map(({ file, gzip }) => ({ file, gzip })),
  };
}

/** The last build's composition of its chunks (empty without one). */
function readComposition(): Composition {
  const file = path.join(import.meta.dirname, '../..', COMPOSITION_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Composition) : {};
}

const described = (parts: ReadonlyArray<{ origin: string; gzip: number }>) =>
  parts
    .filter((p) => p.gzip >= 512)
    .map((p) => `${p.origin} ${kb(p.gzip)}`)
    .join(', ');

/** Every script with its gzip size, largest first (what a row over its target must cut). */
const chunks = (loaded: Loaded) => loaded.byFile.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ');

export async function measureInitialJs(ctx: BenchContext): Promise<BenchRow> {
  const browser = await launchBrowser({ locale: 'he-IL' });
  try {
    const { page, context } = browser;
    await context.route('**/sw.js', (route) => route.abort());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const loginPage = new LoginPage(page, ctx.server.baseUrl);

    const login = await scriptsLoadedBy(page, async () => {
      await loginPage.goto('/login');
      await loginPage.waitForForm();
    });
    await signInThroughUi(page, ctx.server);
    let dashboardMarked = false;
    const dashboard = await scriptsLoadedBy(page, async () => {
      await page.goto(`${ctx.server.baseUrl}${buildingsPath}`);
      dashboardMarked = await hasMark(page, DASHBOARD_MARK, 20_000);
      if (!dashboardMarked) await page.locator('#root').getByRole('main').waitFor({ state: 'visible' });
    });
    if (login.files === 0 || dashboard.files === 0) throw new Error('no script responses were seen');
    const met = login.wire <= LOGIN_TARGET && dashboard.wire <= DASHBOARD_TARGET;
    const composition = readComposition();
    const loginMadeOf = described(madeOf(login.byFile, composition));
    const dashboardMadeOf = described(madeOf(dashboard.byFile, composition));
    return {
      figure: 'initial JS, gzip',
      how: `scripts loaded to render /login (${login.files} files) and ${buildingsPath} after sign-in (${dashboard.files} files${dashboardMarked ? '' : ', dashboard mark missing'}), gzip -9 each`,
      result: `/login ${kb(login.gzip)} · ${buildingsPath} ${kb(dashboard.gzip)} (on the wire, as our server sends them: /login ${kb(login.wire)} · ${buildingsPath} ${kb(dashboard.wire)}); gzip made of — /login: ${loginMadeOf}; ${buildingsPath}: ${dashboardMadeOf}`,
      reference: '—',
      ratio: '—',
      target: TARGET,
      verdict: met ? 'met' : 'missed',
      values: {
        loginFiles: login.files,
        loginRawBytes: login.raw,
        loginGzipBytes: login.gzip,
        dashboardFiles: dashboard.files,
        dashboardRawBytes: dashboard.raw,
        dashboardGzipBytes: dashboard.gzip,
        loginWireBytes: login.wire,
        dashboardWireBytes: dashboard.wire,
        dashboardMarked,
        loginMadeOf,
        dashboardMadeOf,
        loginChunks: chunks(login),
        dashboardChunks: chunks(dashboard),
      },
    };
  } finally {
    await browser.close();
  }
}
