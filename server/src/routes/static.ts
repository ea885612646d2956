import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { basename, resolve } from 'node:path';
import { isPrecompressedAsset, originalOf } from '../../../src/lib/precompressedAssets.ts';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/**
 * Serves the built PWA: hashed assets cached forever, the shell and service worker revalidated. A text
 * file goes out as the build's brotli or gzip copy when the client accepts one (`preCompressed`:
 * `x.js.br` beside `x.js`, with the file's type and `Content-Encoding`), else as it is; either way its
 * answer varies by Accept-Encoding. The service worker's precache stores what the browser decoded, so
 * its revisions (of the files themselves) still match.
 */
export function staticRoutes(app: FastifyInstance, dir: string): void {
  const root = resolve(dir);
  app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, path) {
      // `path` is the file sent: a compressed copy is named after its file.
      const file = originalOf(path);
      if (file.startsWith(resolve(root, 'assets'))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (NO_CACHE.has(basename(file))) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
      if (isPrecompressedAsset(file)) res.setHeader('Vary', 'Accept-Encoding');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isNavigation = req.method === 'GET' && !path.startsWith('/api') && (req.headers.accept ?? '').includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
    if (isNavigation) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found', messageKey: 'errors:notFound' } });
  });
}
