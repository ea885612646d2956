import type { FastifyRequest } from 'fastify';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

/** The request's `Idempotency-Key` header, trimmed ('' when absent). */
export function idempotencyKeyOf(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
}
