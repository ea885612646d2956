// Server commands (docs/architecture.md "Server commands"): every mutation a device queues, and more, is a
// plain object: its right, its path-parameter and body schemas, the change made in one transaction with
// its Idempotency-Key, and the effects that run once that has committed (mail, SMS, the dialer, push).
// One function runs a command, whether it came as its own HTTP request (`registerCommands`) or as a
// change of a sync batch (routes/syncBatch.ts): both meet the same checks in the same order.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Action } from '../../../src/lib/rights/rights.ts';
import { cardDataIn } from '../../../src/lib/cardData.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { authenticate } from '../auth/sessions.ts';
import { ApiError, fail } from './errors.ts';
import { errorAnswer } from './hooks.ts';
import type { ErrorAnswer } from './hooks.ts';
import { MAX_IDEMPOTENCY_KEY_LENGTH, idempotencyKeyOf } from './idempotencyKey.ts';
import { applyOnceFor, storedAnswerFor } from './mutation.ts';
import type { AppliedAnswer, MutationRequest, MutationResult } from './mutation.ts';
import { requireRight } from './rights.ts';
import { DEFAULT_BODY_LIMIT } from './security.ts';
import { checkTerms } from './termsCheck.ts';
import { parse } from './validate.ts';

export type CommandMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One running of a command: who asks (the HTTP request that carried it), and the change's own parts. */
export type Call<P, B> = {
  ctx: AppContext;
  /** The request that carried the change (a batch's for a batch change): who asks, their language, the log. */
  req: FastifyRequest;
  params: P;
  body: B;
  /** The change's own query (a batch change carries `baseVersion` only). */
  query: Record<string, string | undefined>;
  /** The change's Idempotency-Key, trimmed ('' when absent). */
  key: string;
};

/** What the change made, for its answer, and what its effects need (`after`). */
export type Change<A> = MutationResult & { after?: A };

export type CommandSpec<P, B, R, A> = {
  method: CommandMethod;
  /** The route under which the HTTP request reaches it (Fastify's spelling, `:id`). */
  url: string;
  right: Action;
  /** A tenant's action, refused until they approved the current terms (http/termsCheck.ts). */
  terms?: boolean;
  bodyLimit?: number;
  /** False: a request without an Idempotency-Key is applied without one (default: refused). */
  keyRequired?: boolean;
  params: z.ZodType<P>;
  body: z.ZodType<B>;
  /** A missing body is read as `{}` (a command whose every field has a default). */
  bodyOptional?: boolean;
  /** Rules on the body that need no transaction, before it. */
  check?: (call: Call<P, B>) => void | Promise<void>;
  /** Work before the transaction that must not hold it (a PDF made, a file stored): what it makes goes to `change`. */
  prepare: (call: Call<P, B>) => R | Promise<R>;
  /** Loads what it touches, authorises it and changes it, in the transaction (it may run again: nothing else). */
  change: (tx: Db, call: Call<P, B>, prepared: R) => Promise<Change<A>>;
  /** After the commit, only when this request applied the change (a repeat makes no effect twice). */
  effects?: (call: Call<P, B>, after: A | undefined, answer: AppliedAnswer) => Promise<void>;
};

/** A change as it reaches a command: from an HTTP request or from a batch item. */
export type RawCall = {
  req: FastifyRequest;
  method: string;
  /** The path and query as the request named them (the stored answer's hash is of these). */
  url: string;
  params: unknown;
  query: Record<string, string | undefined>;
  body: unknown;
  key: string;
};

/** An answer before it is sent: the same for the HTTP reply and for a batch's result. */
export type CommandAnswer = { status: number; headers: Record<string, string>; body: string | Record<string, unknown> };

/** The applied answer, and the effects still to run (after the commit, which a batch may delay). */
export type Applied = { answer: CommandAnswer; effects: (() => Promise<void>) | null };

export type Command = {
  method: CommandMethod;
  url: string;
  right: Action;
  terms: boolean;
  bodyLimit: number | undefined;
  apply(ctx: AppContext, raw: RawCall): Promise<Applied>;
};

function storedAnswer(key: string | null, status: number, body: string): CommandAnswer {
  const headers: Record<string, string> = key === null ? {} : { 'Idempotency-Key': key };
  return { status, headers, body };
}

/** 422 CARD_DATA_REFUSED, naming the field only (the value is neither answered nor logged). */
function refuseCardData(body: unknown): void {
  const field = cardDataIn(body);
  if (field !== null) throw new ApiError(422, 'CARD_DATA_REFUSED', 'cardDataRefused', { field });
}

/** The provider's clients may send the token as a check's SessionToken in a small body (spec 7). */
function bodyTokenOf(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const token: unknown = Reflect.get(body, 'SessionToken');
  return typeof token === 'string' ? token : '';
}

/** The caller: the session, or a token in a small body when there is none (or only the cookie's). */
async function callerOf(ctx: AppContext, raw: RawCall, bodyLimit: number) {
  const { req } = raw;
  const bodyToken = bodyLimit <= DEFAULT_BODY_LIMIT && (!req.auth || req.authByCookie) ? bodyTokenOf(raw.body) : '';
  const auth = bodyToken ? await authenticate(ctx, bodyToken) : req.auth;
  if (!auth) throw fail.sessionExpired();
  return auth;
}

/** A command with nothing to prepare before its transaction. */
export function defineCommand<P, B, A = undefined>(spec: Omit<CommandSpec<P, B, undefined, A>, 'prepare'>): Command {
  return preparedCommand({ ...spec, prepare: () => undefined });
}

export function preparedCommand<P, B, R, A = undefined>(spec: CommandSpec<P, B, R, A>): Command {
  return {
    method: spec.method,
    url: spec.url,
    right: spec.right,
    terms: spec.terms ?? false,
    bodyLimit: spec.bodyLimit,
    async apply(ctx, raw) {
      refuseCardData(raw.body);
      const auth = await callerOf(ctx, raw, spec.bodyLimit ?? DEFAULT_BODY_LIMIT);
      raw.req.auth = auth;
      const mutation: MutationRequest = { method: raw.method, url: raw.url, body: raw.body, auth, key: raw.key };
      // A repeat is answered from the stored answers before the right and the rules are asked again.
      const repeat = await storedAnswerFor(ctx, mutation);
      if (repeat) return { answer: storedAnswer(repeat.key, repeat.stored.status, repeat.stored.body), effects: null };
      requireRight(raw.req, spec.right);
      if (spec.terms) await checkTerms(ctx.db, auth.user);
      const body = parse(spec.body, spec.bodyOptional ? (raw.body ?? {}) : raw.body);
      const call: Call<P, B> = { ctx, req: raw.req, params: parse(spec.params, raw.params), body, query: raw.query, key: raw.key };
      await spec.check?.(call);
      const prepared = await spec.prepare(call);
      let after: A | undefined;
      const applied = await applyOnceFor(
        ctx,
        mutation,
        async (tx) => {
          const made = await spec.change(tx, call, prepared);
          after = made.after;
          return made;
        },
        { keyRequired: spec.keyRequired },
      );
      const answer = storedAnswer(applied.key, applied.status, applied.body);
      const { effects } = spec;
      const run = effects && applied.applied ? () => effects(call, after, applied) : null;
      return { answer, effects: run };
    },
  };
}

/** A command applied and its effects made: its answer, or the refusal as the error handler answers it. */
export async function runCommand(ctx: AppContext, command: Command, raw: RawCall): Promise<CommandAnswer | ErrorAnswer> {
  try {
    const { answer, effects } = await command.apply(ctx, raw);
    if (effects) await effects();
    return answer;
  } catch (error) {
    return commandRefusal(error, raw);
  }
}

/** A refusal of a command's change, as the error handler answers a request (commands are never style-2). */
export function commandRefusal(error: unknown, raw: Pick<RawCall, 'req' | 'key'>): ErrorAnswer {
  return errorAnswer(error, { style2: false, upload: false, key: raw.key.slice(0, MAX_IDEMPOTENCY_KEY_LENGTH), log: raw.req.log });
}

function sendAnswer(reply: FastifyReply, answer: CommandAnswer | ErrorAnswer): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  if (typeof answer.body === 'string') reply.type('application/json; charset=utf-8');
  return reply.send(answer.body);
}

/** Each command as its own HTTP route (authenticated by the onRequest hook, then `runCommand`). */
export function registerCommands(app: FastifyInstance, ctx: AppContext, commands: readonly Command[]): void {
  for (const command of commands) {
    app.route({
      method: command.method,
      url: command.url,
      config: { right: command.right, command: true, ...(command.terms ? { terms: true } : {}) },
      ...(command.bodyLimit === undefined ? {} : { bodyLimit: command.bodyLimit }),
      handler: async (req, reply) => {
        const raw: RawCall = {
          req,
          method: req.method,
          url: req.url,
          params: req.params,
          query: queryRecord(req.query),
          body: req.body,
          key: idempotencyKeyOf(req),
        };
        return sendAnswer(reply, await runCommand(ctx, command, raw));
      },
    });
  }
}

/** A request's parsed query as strings (Fastify's default parser gives strings, or arrays of them). */
function queryRecord(query: unknown): Record<string, string | undefined> {
  const record: Record<string, string | undefined> = {};
  if (typeof query !== 'object' || query === null) return record;
  for (const [name, value] of Object.entries(query)) record[name] = Array.isArray(value) ? String(value[0]) : value === undefined ? undefined : String(value);
  return record;
}
