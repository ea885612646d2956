// Security headers on every answer (API, the built PWA, errors, 404s) and the body limits. The policy
// fits the built app: one module script and CSS files from the origin (no inline script or style
// element), the service worker and the photo worker from the origin, blob:/data: image previews.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Every route's body limit unless it says otherwise (only the upload route carries big bodies). */
export const DEFAULT_BODY_LIMIT = 128 * 1024;

export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'blob:', 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** What a stored file is answered with: nothing in it may run, even when opened on its own. */
export const FILE_CSP = "default-src 'none'; sandbox";

const HSTS = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Only over TLS (below): on plain http the header is meaningless, and it must never pin localhost.
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (req, reply) => {
    if (req.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
  });
}
