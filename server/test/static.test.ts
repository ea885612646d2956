import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { startTestServer } from './harness.ts';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'binyan-static-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Binyan</title>');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Binyan"}');
  writeFileSync(join(dir, 'assets', 'app-3f9a1c.js'), 'console.log(1)');
  server = await startTestServer({ staticDir: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, accept = '*/*') => fetch(server.baseUrl + path, { headers: { accept } });

describe('static PWA serving', () => {
  it('serves the shell, service worker and manifest without caching', async () => {
    for (const path of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('caches hashed assets forever', async () => {
    const r = await get('/assets/app-3f9a1c.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for navigations only', async () => {
    const nav = await get('/service-calls/101', 'text/html,application/xhtml+xml');
    expect(nav.status).toBe(200);
    expect(nav.headers.get('cache-control')).toBe('no-cache');
    expect(await nav.text()).toContain('<title>Binyan</title>');
    expect((await get('/missing.js', 'text/html')).status).toBe(404);
    expect((await get('/service-calls/101', 'application/json')).status).toBe(404);
    const api = await get('/api/nothing-here', 'text/html');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    // The health check answers for the process and its database (for a load balancer).
    expect(await (await get('/api/health')).json()).toEqual({ ok: true, database: 'ok' });
  });
});
