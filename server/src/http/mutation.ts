// Exactly-once mutations: the Idempotency-Key, the change and the stored response commit in one
// transaction. Only successes are stored, so a refused request can be fixed and retried with the
// same key (the outbox keeps one key per entry).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { perDatabase } from '../db/database.ts';
import { sha256Hex, stableStringify } from '../util/crypto.ts';
import { ApiError } from './errors.ts';
import { authOf } from './hooks.ts';

export type MutationResult = { status?: number; record: unknown; extra?: Record<string, unknown> };

export type MutationOptions = { keyRequired?: boolean };

export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
}

const keyQueries = perDatabase((db) => ({
  find: db.prepare((companyId: number, key: string) =>
    db.q.selectFrom('idempotency_keys').select(['requestHash', 'status', 'body']).where('companyId', '=', companyId).where('key', '=', key),
  ),
  store: db.prepare(
    (companyId: number, key: string, method: string, path: string, requestHash: string, status: number, body: string, createdAt: string) =>
      db.q.insertInto('idempotency_keys').values({ companyId, key, method, path, requestHash, status, body, createdAt }),
  ),
}));

export function runMutation(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  apply: () => MutationResult,
  options: MutationOptions = {},
): FastifyReply {
  const { companyId } = authOf(req);
  const key = idempotencyKeyOf(req);
  if (!key) {
    if (options.keyRequired !== false) throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
    const result = ctx.db.tx(apply);
    return reply.code(result.status ?? 200).send({ idempotencyKey: null, record: result.record, ...result.extra });
  }
  if (key.length > 200) throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
  const requestHash = sha256Hex(`${req.method} ${req.url}\n${stableStringify(req.body)}`);
  const { db } = ctx;
  const stored = db.tx(() => {
    const existing = keyQueries(db).find.first(companyId, key);
    if (existing) {
      if (existing.requestHash !== requestHash) throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKeyReused');
      return { status: existing.status, body: existing.body };
    }
    const result = apply();
    const status = result.status ?? 200;
    const body = JSON.stringify({ idempotencyKey: key, record: result.record ?? null, ...result.extra });
    keyQueries(db).store.run(companyId, key, req.method, req.url, requestHash, status, body, ctx.nowIso());
    return { status, body };
  });
  return reply.code(stored.status).header('Idempotency-Key', key).type('application/json; charset=utf-8').send(stored.body);
}
