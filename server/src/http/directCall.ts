// A change of a batch (routes/syncBatch.ts) straight to its route's handler. The route is found as
// Fastify finds it (find-my-way with the server's router options: the same params and query), the
// request is the batch's own with the change's method, path, headers and body, and it meets the checks
// of http/beforeHandler.ts, the handler, and a refusal answered as the error handler answers it. What
// only a request from the network needs (its bytes parsed, security headers, the answer serialised and
// read back) is skipped: through `inject` it was half of a change's time. Only mutation routes under
// /api are called so; anything else is not found here and goes through Fastify.
import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { AppContext } from '../context.ts';
import { beforeHandler } from './beforeHandler.ts';
import { ApiError } from './errors.ts';
import { errorAnswerOf, needsAuth } from './hooks.ts';

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteOptions = FastifyRequest['routeOptions'];
type DirectRoute = { handler: RouteHandlerMethod; options: RouteOptions };

/** A change as its single request would carry it. */
export type DirectChange = { method: string; url: string; headers: Record<string, string>; body: unknown; hasBody: boolean };

/** The single request's answer: status, headers (lower-case names) and body (parsed JSON, or text). */
export type DirectAnswer = { status: number; headers: Record<string, string>; body: unknown };

export type DirectCalls = {
  /** The change's answer, or null when no mutation route takes its method and path. */
  call(batch: FastifyRequest, change: DirectChange): Promise<DirectAnswer | null>;
};

/** The reply a handler writes to: what it sets is kept, nothing is sent. */
class KeptReply {
  statusCode = 200;
  readonly headerValues: Record<string, string> = {};
  payload: unknown = undefined;
  sent = false;

  code(status: number): this {
    this.statusCode = status;
    return this;
  }

  status(status: number): this {
    return this.code(status);
  }

  header(name: string, value: unknown): this {
    this.headerValues[name.toLowerCase()] = String(value);
    return this;
  }

  headers(values: Record<string, unknown>): this {
    for (const [name, value] of Object.entries(values)) this.header(name, value);
    return this;
  }

  getHeader(name: string): string | undefined {
    return this.headerValues[name.toLowerCase()];
  }

  type(contentType: string): this {
    return this.header('content-type', contentType);
  }

  send(payload?: unknown): this {
    this.payload = payload;
    this.sent = true;
    return this;
  }
}

/** An answer's text as the client reads it: its JSON, or the text itself when it is not JSON. */
export function parsedText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The body as the network would have carried it: JSON values as they are, text parsed when it is JSON. */
function bodyOf(payload: unknown): unknown {
  if (payload === undefined) return null;
  if (typeof payload === 'string') return parsedText(payload);
  if (Buffer.isBuffer(payload)) return parsedText(payload.toString('utf8'));
  return payload;
}

const bodyTooLarge = () => Object.assign(new Error('the change is larger than its route takes'), { statusCode: 413 });

function bodyBytes(change: DirectChange): number {
  return change.hasBody ? Buffer.byteLength(JSON.stringify(change.body)) : 0;
}

/** The batch's request, seen as the change's single request: everything not set here is the batch's. */
function changeRequest(batch: FastifyRequest, route: DirectRoute, change: DirectChange, params: unknown, query: unknown): FastifyRequest {
  const req = Object.create(batch) as FastifyRequest;
  const value = (v: unknown) => ({ value: v, writable: true, configurable: true, enumerable: true });
  Object.defineProperties(req, {
    method: value(change.method),
    url: value(change.url),
    originalUrl: value(change.url),
    headers: value(change.headers),
    routeOptions: value(route.options),
    is404: value(false),
    params: value(params),
    query: value(query),
    body: value(change.hasBody ? change.body : undefined),
    params2: value(null),
    visibleBuildingIds: value(undefined),
  });
  // Authenticated as the batch was (the same credentials); a public route sees no session.
  req.auth = needsAuth(req) ? batch.auth : null;
  return req;
}

export function registerDirectCalls(app: FastifyInstance, ctx: AppContext): DirectCalls {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  const serverBodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (!MUTATIONS.has(method)) continue;
      const config = { ...(route.config ?? {}), url: route.url, method };
      const options = { method, url: route.url, bodyLimit: route.bodyLimit ?? serverBodyLimit, config, handler: route.handler } as RouteOptions;
      const store: DirectRoute = { handler: route.handler, options };
      router.on(method as HTTPMethod, route.url, () => undefined, store);
    }
  });

  return {
    async call(batch, change) {
      const found = router.find(change.method as HTTPMethod, change.url);
      if (!found) return null;
      const route = found.store as DirectRoute;
      const req = changeRequest(batch, route, change, found.params, found.searchParams);
      const kept = new KeptReply();
      const reply = kept as unknown as FastifyReply;
      try {
        // The batch's length bounds each change's: only a batch longer than the route's limit is measured.
        if (Number(batch.headers['content-length'] ?? Infinity) > route.options.bodyLimit && bodyBytes(change) > route.options.bodyLimit) throw bodyTooLarge();
        if (!(await beforeHandler(ctx, req, reply))) {
          // A change that calls an outside service (a card provider) after its own commit needs its own
          // request: a batch's changes share one commit (SQLite), and the call would run inside it.
          if (route.options.config.outsideCall) throw new ApiError(422, 'SEND_ON_ITS_OWN', 'sendOnItsOwn');
          const returned: unknown = await route.handler.call(app, req, reply);
          if (!kept.sent && returned !== kept) kept.send(returned);
        }
      } catch (error) {
        const answer = errorAnswerOf(error, req);
        kept.code(answer.status).headers(answer.headers).send(answer.body);
      }
      return { status: kept.statusCode, headers: kept.headerValues, body: bodyOf(kept.payload) };
    },
  };
}
