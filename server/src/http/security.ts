// Security headers on every answer (API, the built PWA, errors, 404s) and the body limits. The policy
// fits the built app: one module script and CSS files from the origin (no inline script or style
// element), the service worker and the photo worker from the origin, blob:/data: image previews, and
// frames from the payment provider's card-entry page only (issue 29 item 8).
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

/** The one origin the app may frame: the payment provider's card-entry page, once it serves one. */
export type FrameOrigin = () => string | null;

export function registerSecurityHeaders(app: FastifyInstance, frameOrigin: FrameOrigin = () => null): void {
  const directives = { ...contentSecurityPolicy, 'frame-src': [() => frameOrigin() ?? "'none'"] };
  app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
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
