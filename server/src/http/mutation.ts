// Exactly-once mutations: the Idempotency-Key, the change and the stored response commit in one
// transaction. Only successes are stored, so a refused request can be fixed and retried with the
// same key (the outbox keeps one key per entry). Keys belong to the user who sent them.
//
// A repeat is answered from the store before the route reads its body (`registerStoredAnswers`): a
// rule tightened after the first apply must not turn an applied change into a refusal.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { perDatabase } from '../db/database.ts';
import { sha256Hex, stableStringify } from '../util/crypto.ts';
import { ApiError } from './errors.ts';
import { authOf } from './hooks.ts';
import { MAX_IDEMPOTENCY_KEY_LENGTH, idempotencyKeyOf } from './idempotencyKey.ts';

export { idempotencyKeyOf };

export type MutationResult = { status?: number; record: unknown; extra?: Record<string, unknown> };

export type MutationOptions = { keyRequired?: boolean };

const MAX_KEY_LENGTH = MAX_IDEMPOTENCY_KEY_LENGTH;

/** The request's path without duplicate or trailing slashes, and its query sorted: one request, one hash. */
export function normalizedTarget(url: string): string {
  const parsed = new URL(url, 'http://x');
  const path = parsed.pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  const query = [...parsed.searchParams.entries()].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query).toString()}`;
}

export function requestHashOf(req: FastifyRequest): string {
  return sha256Hex(`${req.method} ${normalizedTarget(req.url)}\n${stableStringify(req.body)}`);
}

type Stored = { requestHash: string; status: number; body: string };

const keyQueries = perDatabase((db) => ({
  find: db.prepare((companyId: number, userId: number, key: string) =>
    db.q
      .selectFrom('idempotency_keys')
      .select(['requestHash', 'status', 'body'])
      .where('companyId', '=', companyId)
      .where('userId', '=', userId)
      .where('key', '=', key),
  ),
  store: db.prepare(
    (companyId: number, userId: number, key: string, method: string, path: string, requestHash: string, status: number, body: string, createdAt: string) =>
      db.q.insertInto('idempotency_keys').values({ companyId, userId, key, method, path, requestHash, status, body, createdAt }),
  ),
}));

function findStored(ctx: AppContext, req: FastifyRequest, key: string): Stored | undefined {
  const { companyId, user } = authOf(req);
  return keyQueries(ctx.db).find.first(companyId, user.id, key);
}

function sendStored(reply: FastifyReply, key: string, stored: { status: number; body: string }): FastifyReply {
  return reply.code(stored.status).header('Idempotency-Key', key).type('application/json; charset=utf-8').send(stored.body);
}

/** The stored answer of a repeated request, or a refusal of a key reused for another request. */
function repeatOf(req: FastifyRequest, stored: Stored): Stored {
  if (stored.requestHash !== requestHashOf(req)) throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKeyReused');
  return stored;
}

/**
 * Answers a repeated mutation from the store after authentication and before the route (its rights,
 * body checks and rules) runs again. The route's own transaction still checks the key, for repeats
 * that arrive while the first is being applied.
 */
export function registerStoredAnswers(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.auth) return;
    const key = idempotencyKeyOf(req);
    if (!key || key.length > MAX_KEY_LENGTH) return;
    const stored = findStored(ctx, req, key);
    if (stored) return sendStored(reply, key, repeatOf(req, stored));
  });
}

export function runMutation(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  apply: () => MutationResult,
  options: MutationOptions = {},
): FastifyReply {
  const { companyId, user } = authOf(req);
  const key = idempotencyKeyOf(req);
  if (!key) {
    if (options.keyRequired !== false) throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
    const result = ctx.db.tx(apply);
    return reply.code(result.status ?? 200).send({ idempotencyKey: null, record: result.record, ...result.extra });
  }
  if (key.length > MAX_KEY_LENGTH) throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
  const { db } = ctx;
  const stored = db.tx(() => {
    const existing = findStored(ctx, req, key);
    if (existing) return repeatOf(req, existing);
    const result = apply();
    const status = result.status ?? 200;
    const body = JSON.stringify({ idempotencyKey: key, record: result.record ?? null, ...result.extra });
    keyQueries(db).store.run(companyId, user.id, key, req.method, normalizedTarget(req.url), requestHashOf(req), status, body, ctx.nowIso());
    return { status, body };
  });
  return sendStored(reply, key, stored);
}
