// Per-request plumbing: style-2 parameter parsing, authentication (token AND company), and the two
// error shapes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AuthInfo } from '../auth/sessions.ts';
import { authenticate } from '../auth/sessions.ts';
import { ApiError, fail } from './errors.ts';
import { parseParams, style2ErrorCode } from './style2.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    style2?: boolean;
  }
  interface FastifyRequest {
    auth: AuthInfo | null;
    params2: Record<string, unknown> | null;
  }
}

export const SESSION_COOKIE = 'binyan_session';

const COOKIE_MAX_AGE_S = 60 * 60 * 24 * 60;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The spec's cookie rule: 60 days, path /, SameSite Lax, Secure except on localhost. */
export function sessionCookie(req: FastifyRequest, cookieId: string | null): string {
  const secure = LOCAL_HOSTS.has(req.hostname) ? '' : '; Secure';
  return `${SESSION_COOKIE}=${cookieId ?? ''}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${cookieId ? COOKIE_MAX_AGE_S : 0}${secure}`;
}

/** The opaque cookie id (not a token); resolved to its session by `authenticate`. */
export function cookieIdOf(req: FastifyRequest): string {
  const header = req.headers.cookie;
  if (!header) return '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return '';
}

export function tokenOf(req: FastifyRequest): string {
  const h = req.headers.authorization;
  if (h) return h.replace(/^Bearer\s+/i, '').trim();
  const fromParams = req.params2?.sessionToken ?? req.params2?.SessionToken;
  if (typeof fromParams === 'string' && fromParams) return fromParams;
  const query = req.query as Record<string, unknown> | undefined;
  if (typeof query?.sessionToken === 'string' && query.sessionToken) return query.sessionToken;
  const body = req.body as Record<string, unknown> | undefined;
  if (body && !Array.isArray(body) && typeof body.SessionToken === 'string' && body.SessionToken) return body.SessionToken;
  return '';
}

/** The session of an authenticated route (set by the preHandler hook). */
export function authOf(req: FastifyRequest): AuthInfo {
  if (!req.auth) throw fail.sessionExpired();
  return req.auth;
}

export function params2Of(req: FastifyRequest): Record<string, unknown> {
  return req.params2 ?? {};
}

function companyClaim(req: FastifyRequest): unknown {
  const p = req.params2;
  return p?.CompID ?? p?.compID ?? p?.orgID ?? p?.org_id;
}

export function registerHooks(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('params2', null);

  app.addHook('preHandler', async (req) => {
    const config = req.routeOptions.config;
    if (config.style2) req.params2 = parseParams(req.method === 'GET' ? req.query : req.body);
    if (config.public || !req.routeOptions.url?.startsWith('/api')) return;
    const auth = authenticate(ctx, tokenOf(req), cookieIdOf(req));
    if (!auth) throw fail.sessionExpired();
    // A call that names a company must name the session's company.
    const claim = companyClaim(req);
    if (claim !== undefined && claim !== null && claim !== '' && Number(claim) !== auth.companyId) throw fail.forbidden();
    req.auth = auth;
  });

  app.setErrorHandler((error: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error, req);
    for (const [k, v] of Object.entries(apiError.options.headers ?? {})) reply.header(k, v);
    const body = apiError.body();
    if (req.routeOptions.config?.style2) {
      const code = style2ErrorCode(apiError);
      // Provider habit: HTTP 200 with a non-zero code, except rate limits (Retry-After must be honoured).
      return reply.code(apiError.status === 429 ? 429 : 200).send({
        APIResponseCode: code,
        APIResponseText: apiError.message,
        APIResponseDescription: apiError.code,
        ...body,
      });
    }
    if (apiError.status === 401) {
      return reply.code(401).send({ APIResponseCode: -1, APIResponseText: apiError.message, ...body });
    }
    return reply.code(apiError.status).send(body);
  });
}

function toApiError(error: unknown, req: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (e.statusCode === 413) return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'errorSavingFile');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError(400, 'BAD_REQUEST', 'missingDetailsToContinue');
  }
  req.log.error({ err: error }, 'unhandled error');
  return new ApiError(500, 'INTERNAL', 'somethingWentWrong');
}
