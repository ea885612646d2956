// Exactly-once mutations: the Idempotency-Key, the change and the stored response commit in one
// transaction. Only successes are stored, so a refused request can be fixed and retried with the
// same key (the outbox keeps one key per entry). Keys belong to the user who sent them. The same holds
// across server processes on one database (the key's primary key decides, db/database.ts the retries).
//
// A repeat is answered from the store before the route checks its right and body (`storedAnswerOf`,
// http/beforeHandler.ts): a rule tightened after the first apply must not turn an applied change into a refusal.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AuthInfo } from '../auth/sessions.ts';
import type { Db } from '../db/database.ts';
import { idempotencyKeys } from '../data/idempotencyKeys.ts';
import type { KeyClaim, StoredAnswer } from '../data/idempotencyKeys.ts';
import { sha256Hex, stableStringify } from '../util/crypto.ts';
import { ApiError, fail } from './errors.ts';
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

/** What the exactly-once store needs of a mutation: its method, path, body, caller and key. */
export type MutationRequest = { method: string; url: string; body: unknown; auth: AuthInfo | null; key: string };

export function mutationRequestOf(req: FastifyRequest): MutationRequest {
  return { method: req.method, url: req.url, body: req.body, auth: req.auth, key: idempotencyKeyOf(req) };
}

export function requestHashOf(req: Pick<MutationRequest, 'method' | 'url' | 'body'>): string {
  return sha256Hex(`${req.method} ${normalizedTarget(req.url)}\n${stableStringify(req.body)}`);
}

type Stored = StoredAnswer;

export function sendStored(reply: FastifyReply, key: string, stored: { status: number; body: string }): FastifyReply {
  return reply.code(stored.status).header('Idempotency-Key', key).type('application/json; charset=utf-8').send(stored.body);
}

/** The stored answer of a repeated request, or a refusal of a key reused for another request. */
function repeatOf(req: MutationRequest, stored: Stored): Stored {
  if (stored.requestHash !== requestHashOf(req)) throw new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'idempotencyKeyReused');
  return stored;
}

/**
 * The stored answer of a repeated mutation, looked up after authentication and before the route (its
 * rights, body checks and rules) runs again. The route's own transaction still claims the key, for
 * repeats that arrive while the first is being applied (in this process or another one).
 */
export async function storedAnswerOf(ctx: AppContext, req: FastifyRequest): Promise<{ key: string; stored: Stored } | null> {
  return storedAnswerFor(ctx, mutationRequestOf(req));
}

export async function storedAnswerFor(ctx: AppContext, req: MutationRequest): Promise<{ key: string; stored: Stored } | null> {
  if (req.method === 'GET' || req.method === 'HEAD' || !req.auth) return null;
  const key = req.key;
  if (!key || key.length > MAX_KEY_LENGTH) return null;
  const { companyId, user } = req.auth;
  if (!(await idempotencyKeys.find(ctx.db, companyId, user.id, key))) return null;
  // Found: read again in a transaction, so that the repeat, like the first request, is answered only
  // once the commit that stored it is on disk (on SQLite a read may see a commit still being synced).
  const stored = await ctx.db.tx((tx) => idempotencyKeys.find(tx, companyId, user.id, key));
  return stored ? { key, stored: repeatOf(req, stored) } : null;
}

/** A mutation's answer, and whether this request applied it (false: a repeat got the stored answer). */
export type AppliedAnswer = { key: string | null; status: number; body: string; applied: boolean };

/** The transaction found the key stored by another request (a concurrent repeat): it is rolled back. */
class KeyTaken extends Error {}

/**
 * Runs `apply` in one transaction with the Idempotency-Key: the change, then the key with its answer,
 * one statement that stores it only if no other request did. A refusal (a thrown ApiError) rolls all
 * of it back. A concurrent repeat (in this process or another) is told apart after the fact: its key
 * insert finds the key (or, on PostgreSQL, waits for the other transaction and is retried), or its
 * change is refused because the first one's is there; the stored answer is then its answer. `apply`
 * gets the transaction and must do its reads and writes there (and nothing else: it may run again).
 * Nothing is sent: a route with an effect outside the database makes it after this returns `applied`.
 */
export async function applyOnce(
  ctx: AppContext,
  req: FastifyRequest,
  apply: (tx: Db) => Promise<MutationResult>,
  options: MutationOptions = {},
): Promise<AppliedAnswer> {
  return applyOnceFor(ctx, mutationRequestOf(req), apply, options);
}

/** `applyOnce` of a mutation however it arrived (its own request, or a change of a batch: http/command.ts). */
export async function applyOnceFor(
  ctx: AppContext,
  req: MutationRequest,
  apply: (tx: Db) => Promise<MutationResult>,
  options: MutationOptions = {},
): Promise<AppliedAnswer> {
  if (!req.auth) throw fail.sessionExpired();
  const { companyId, user } = req.auth;
  const key = req.key;
  if (!key) {
    if (options.keyRequired !== false) throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
    const result = await ctx.db.tx(apply);
    return { key: null, status: result.status ?? 200, body: JSON.stringify({ idempotencyKey: null, record: result.record, ...result.extra }), applied: true };
  }
  if (key.length > MAX_KEY_LENGTH) throw new ApiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
  const requestHash = requestHashOf(req);
  const claim: KeyClaim = { companyId, userId: user.id, key, method: req.method, path: normalizedTarget(req.url), requestHash, createdAt: ctx.nowIso() };
  try {
    return await ctx.db.tx(async (tx): Promise<AppliedAnswer> => {
      const result = await apply(tx);
      const status = result.status ?? 200;
      const body = JSON.stringify({ idempotencyKey: key, record: result.record ?? null, ...result.extra });
      if (!(await idempotencyKeys.store(tx, claim, status, body))) throw new KeyTaken();
      return { key, status, body, applied: true };
    });
  } catch (error) {
    if (!(error instanceof KeyTaken || error instanceof ApiError)) throw error;
    // In a transaction: on SQLite the answer then waits, like the first request's, for its commit.
    const stored = await ctx.db.tx((tx) => idempotencyKeys.find(tx, companyId, user.id, key));
    if (stored) return { key, ...repeatOf(req, stored), applied: false };
    if (error instanceof KeyTaken) throw new Error('an idempotency key was taken but has no row');
    throw error;
  }
}

/** Sends the answer `applyOnce` gave (with the key it answers to). */
export function sendApplied(reply: FastifyReply, answer: AppliedAnswer): FastifyReply {
  if (answer.key === null) return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  return sendStored(reply, answer.key, answer);
}

/** `applyOnce`, then its answer sent. */
export async function runMutation(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  apply: (tx: Db) => Promise<MutationResult>,
  options: MutationOptions = {},
): Promise<FastifyReply> {
  return sendApplied(reply, await applyOnce(ctx, req, apply, options));
}
