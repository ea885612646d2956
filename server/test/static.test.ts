import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './harness.ts';
import { startTestServer } from './harness.ts';

let server: TestServer;
let dir: string;

/** A script of a real build's size, and the build's brotli and gzip copies beside it (scripts/compressAssets.ts). */
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = () => "binyan ${i}";`).join('\n');
const shell = `<!doctype html><title>Binyan</title>${'<link rel="modulepreload" href="/assets/app-3f9a1c.js">'.repeat(30)}`;
const worker = `self.__WB_MANIFEST = ${JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ url: `assets/chunk-${i}.js`, revision: null })))};`;
/** A PNG is already compressed: no copies, never encoded. */
const image = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(4000, 7)]);

function withCopies(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'binyan-static-'));
  mkdirSync(join(dir, 'assets'));
  withCopies(join(dir, 'index.html'), shell);
  withCopies(join(dir, 'sw.js'), worker);
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Binyan"}');
  withCopies(join(dir, 'assets', 'app-3f9a1c.js'), script);
  writeFileSync(join(dir, 'assets', 'logo-1b2c3d.png'), image);
  server = await startTestServer({ staticDir: dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, accept = '*/*') => fetch(server.baseUrl + path, { headers: { accept } });

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** The bytes as they travel (fetch would decode them), asked with this Accept-Encoding (none when undefined). */
function raw(path: string, acceptEncoding?: string, accept = '*/*'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers = { accept, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) };
    const req = request(server.baseUrl + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(reply: Raw): string {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body).toString();
  if (encoding === 'gzip') return gunzipSync(reply.body).toString();
  return reply.body.toString();
}

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

describe('compressed transfers of the built app', () => {
  it('sends a hashed script as brotli when asked, gzip when only gzip is accepted, and plain otherwise', async () => {
    const cases = [
      { acceptEncoding: 'gzip, deflate, br', encoding: 'br' },
      { acceptEncoding: 'gzip, deflate', encoding: 'gzip' },
      { acceptEncoding: 'br;q=0.5, gzip', encoding: 'gzip' },
      { acceptEncoding: 'identity', encoding: undefined },
      { acceptEncoding: undefined, encoding: undefined },
    ];
    for (const { acceptEncoding, encoding } of cases) {
      const r = await raw('/assets/app-3f9a1c.js', acceptEncoding);
      const what = `Accept-Encoding: ${acceptEncoding ?? '(none)'}`;
      expect(r.status, what).toBe(200);
      expect(r.headers['content-encoding'], what).toBe(encoding);
      expect(r.headers['content-type'], what).toMatch(/^text\/javascript|^application\/javascript/);
      expect(r.headers.vary, what).toBe('Accept-Encoding');
      expect(r.headers['cache-control'], what).toBe('public, max-age=31536000, immutable');
      expect(Number(r.headers['content-length']), what).toBe(r.body.length);
      expect(decoded(r), what).toBe(script);
      if (encoding) expect(r.body.length, what).toBeLessThan(script.length / 4);
    }
  });

  it('keeps the shell and the service worker revalidated when they travel compressed', async () => {
    for (const path of ['/', '/index.html', '/sw.js']) {
      const r = await raw(path, 'gzip, deflate, br');
      expect(r.headers['content-encoding'], path).toBe('br');
      expect(r.headers['cache-control'], path).toBe('no-cache');
      expect(r.headers.vary, path).toBe('Accept-Encoding');
      expect(r.headers.etag, path).toBeTruthy();
      expect(decoded(r), path).toBe(path === '/sw.js' ? worker : shell);
    }
    const navigation = await raw('/service-calls/101', 'gzip', 'text/html');
    expect(navigation.headers['content-encoding']).toBe('gzip');
    expect(navigation.headers['cache-control']).toBe('no-cache');
    expect(decoded(navigation)).toBe(shell);
  });

  it('never encodes an image', async () => {
    const r = await raw('/assets/logo-1b2c3d.png', 'gzip, deflate, br');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toBeUndefined();
    expect(r.body.equals(image)).toBe(true);
  });
});
