import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { basename, resolve } from 'node:path';

const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** Serves the built PWA: hashed assets cached forever, the shell and service worker revalidated. */
export function staticRoutes(app: FastifyInstance, dir: string): void {
  const root = resolve(dir);
  app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, path) {
      if (path.startsWith(resolve(root, 'assets'))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else if (NO_CACHE.has(basename(path))) res.setHeader('Cache-Control', 'no-cache');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    const isNavigation =
      req.method === 'GET' && !path.startsWith('/api') && (req.headers.accept ?? '').includes('text/html') && !/\.[a-z0-9]+$/i.test(path);
    if (isNavigation) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ error: { code: 'NOT_FOUND', message: 'Not found', messageKey: 'errors:notFound' } });
  });
}
