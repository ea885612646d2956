// Per-request plumbing: authentication (token AND company) before the body is read, style-2 parameter
// parsing, and the two error shapes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AuthInfo } from '../auth/sessions.ts';
import { authenticate } from '../auth/sessions.ts';
import { ApiError, fail } from './errors.ts';
import { MAX_IDEMPOTENCY_KEY_LENGTH, idempotencyKeyOf } from './idempotencyKey.ts';
import { parseParams, style2ErrorCode } from './style2.ts';
import { DEFAULT_BODY_LIMIT } from './security.ts';
import { formatFileSize, uploadLimits } from '../../../src/lib/uploadLimits.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    style2?: boolean;
    /** The file upload route: a body over its limit is answered with the file size limit. */
    upload?: boolean;
    /** A command's route (http/command.ts): its pipeline makes the checks of http/beforeHandler.ts itself. */
    command?: boolean;
  }
  interface FastifyRequest {
    auth: AuthInfo | null;
    /** Authenticated by the ambient cookie: an explicit token in the body still wins over it. */
    authByCookie: boolean;
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

/** The Authorization header's token (with or without "Bearer "). */
export function headerTokenOf(req: FastifyRequest): string {
  const h = req.headers.authorization;
  return h ? h.replace(/^Bearer\s+/i, '').trim() : '';
}

/** The provider's clients may send the token as a style-2 parameter or a check's SessionToken (spec 7). */
function bodyTokenOf(req: FastifyRequest): string {
  const fromParams = req.params2?.sessionToken ?? req.params2?.SessionToken;
  if (typeof fromParams === 'string' && fromParams) return fromParams;
  const body = req.body as Record<string, unknown> | undefined;
  if (body && !Array.isArray(body) && typeof body.SessionToken === 'string' && body.SessionToken) return body.SessionToken;
  return '';
}

/** Every /api route but the public ones needs a session. */
export function needsAuth(req: FastifyRequest): boolean {
  return !req.routeOptions.config.public && (req.routeOptions.url?.startsWith('/api') ?? false);
}

/** A token in the body is read only where the body is small; a big body (uploads) needs the header or cookie. */
function bodyTokenAllowed(req: FastifyRequest): boolean {
  return (req.routeOptions.bodyLimit ?? Infinity) <= DEFAULT_BODY_LIMIT;
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

/**
 * After authentication, before the stored answers and the route's right: the style-2 parameters, a
 * token in a small body, and the company a call names, which must be the session's.
 */
export async function checkCaller(ctx: AppContext, req: FastifyRequest): Promise<void> {
  const config = req.routeOptions.config;
  if (config.style2) req.params2 = parseParams(req.method === 'GET' ? req.query : req.body);
  if (!needsAuth(req)) return;
  const bodyToken = bodyTokenAllowed(req) && (!req.auth || req.authByCookie) ? bodyTokenOf(req) : '';
  if (bodyToken) req.auth = await authenticate(ctx, bodyToken);
  const auth = req.auth;
  if (!auth) throw fail.sessionExpired();
  // A call that names a company must name the session's company.
  const claim = companyClaim(req);
  if (claim !== undefined && claim !== null && claim !== '' && Number(claim) !== auth.companyId) throw fail.forbidden();
}

/** An answer as the error handler sends it: for the HTTP reply and for a change of a batch. */
export type ErrorAnswer = { status: number; headers: Record<string, string>; body: Record<string, unknown> };

/** What an answer to a refusal depends on besides the error: the route's style, and the request's key and log. */
export type RefusalContext = { style2: boolean; upload: boolean; key: string; log: FastifyRequest['log'] };

export function errorAnswerOf(error: unknown, req: FastifyRequest): ErrorAnswer {
  const config = req.routeOptions.config;
  const key = idempotencyKeyOf(req).slice(0, MAX_IDEMPOTENCY_KEY_LENGTH);
  return errorAnswer(error, { style2: config?.style2 === true, upload: config?.upload === true, key, log: req.log });
}

export function errorAnswer(error: unknown, refused: RefusalContext): ErrorAnswer {
  const apiError = toApiError(error, refused);
  const headers: Record<string, string> = { ...apiError.options.headers };
  const body = apiError.body();
  if (refused.style2) {
    const code = style2ErrorCode(apiError);
    // The refusal answers this request's key too, so a replaying client can tell it from a portal page.
    const key = refused.key;
    if (key) headers['Idempotency-Key'] = key;
    // Provider habit: HTTP 200 with a non-zero code, except rate limits (Retry-After must be honoured)
    // and server faults (a client retries those; a non-zero code on 200 is a refusal).
    return {
      status: apiError.status === 429 || apiError.status >= 500 ? apiError.status : 200,
      headers,
      body: { APIResponseCode: code, APIResponseText: apiError.message, APIResponseDescription: apiError.code, idempotencyKey: key || null, ...body },
    };
  }
  if (apiError.status === 401) return { status: 401, headers, body: { APIResponseCode: -1, APIResponseText: apiError.message, ...body } };
  return { status: apiError.status, headers, body };
}

export function registerHooks(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('authByCookie', false);
  app.decorateRequest('params2', null);

  // Authentication before the body is read: an anonymous or expired request is answered before any of
  // its body arrives. A token in the URL is never accepted (it ends up in logs and caches).
  app.addHook('onRequest', async (req) => {
    if (!needsAuth(req)) return;
    const token = headerTokenOf(req);
    const cookieId = token ? '' : cookieIdOf(req);
    const auth = token || cookieId ? await authenticate(ctx, token, cookieId) : null;
    if (auth) {
      req.auth = auth;
      if (!token) req.authByCookie = true;
      return;
    }
    if (token || !bodyTokenAllowed(req)) throw fail.sessionExpired();
    // No header, no (valid) cookie: the small body may still carry the token (checked in preHandler).
  });

  app.setErrorHandler((error: unknown, req: FastifyRequest, reply: FastifyReply) => {
    const answer = errorAnswerOf(error, req);
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
}

function toApiError(error: unknown, req: Pick<RefusalContext, 'upload' | 'log'>): ApiError {
  if (error instanceof ApiError) return error;
  const e = error as { statusCode?: number; code?: string; message?: string };
  if (e.statusCode === 413) {
    return req.upload
      ? fail.upload({ messageKey: 'fileTooLarge', params: { size: formatFileSize(uploadLimits.maxFileBytes) } })
      : new ApiError(413, 'PAYLOAD_TOO_LARGE', 'errorSavingFile');
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return new ApiError(400, 'BAD_REQUEST', 'missingDetailsToContinue');
  }
  req.log.error({ err: error }, 'unhandled error');
  return new ApiError(500, 'INTERNAL', 'somethingWentWrong');
}
