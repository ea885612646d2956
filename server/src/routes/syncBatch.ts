// POST /api/binyan/sync/batch: several outbox changes in one request (docs/api.md "Batches"). Each
// change runs through its command (http/command.ts) as the single request it stands for would (same
// authentication, rights, stored answers, rules and 409s; one transaction each), in order, so one refused change
// undoes nothing else. A change whose record (or a record it depends on) had a change not applied earlier in
// the batch is not tried ("not attempted"): it would have waited on the device too. A change reaches
// only a route the batch carries, by its path decoded and made canonical (src/lib/batchTargets.ts); any
// other path refuses that change alone (422 BATCH_PATH_REFUSED), and its record's later changes wait.
// The effects of a group's changes (mail, push …) run once the group has committed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { z } from 'zod';
import { MAX_BATCH_PATH_LENGTH, batchRouteOf, batchTargetOf } from '../../../src/lib/batchTargets.ts';
import type { BatchRoute } from '../../../src/lib/batchTargets.ts';
import { MAX_BATCH_BYTES, MAX_BATCH_ITEMS, SYNC_BATCH_PATH, createRebaser, singleRequestOf } from '../../../src/lib/syncBatch.ts';
import type { BatchItem, BatchResult } from '../../../src/lib/syncBatch.ts';
import type { AppContext } from '../context.ts';
import { commandRefusal } from '../http/command.ts';
import type { Command, CommandAnswer, RawCall } from '../http/command.ts';
import { ApiError } from '../http/errors.ts';
import type { ErrorAnswer } from '../http/hooks.ts';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from '../http/idempotencyKey.ts';
import { parse } from '../http/validate.ts';

const item = z.object({
  key: z.string().trim().min(1).max(MAX_IDEMPOTENCY_KEY_LENGTH),
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  // Checked per change after decoding (lib/batchTargets.ts): a bad path refuses its change, not the batch.
  path: z.string().min(1).max(MAX_BATCH_PATH_LENGTH),
  body: z.unknown().optional(),
  baseVersion: z.number().int().nullable().optional(),
  versionIn: z.enum(['body', 'query']).optional(),
  record: z.string().min(1).max(300),
  dependsOn: z.array(z.string().min(1).max(300)).max(50).optional(),
});

const batch = z.object({ items: z.array(item).min(1).max(MAX_BATCH_ITEMS) });

/** Applied as the device judges it (src/sync/replay/classify.ts): 2xx without a style-2 refusal code. */
function wasApplied(status: number, body: unknown): boolean {
  if (status < 200 || status >= 300) return false;
  const code = typeof body === 'object' && body !== null ? (body as { APIResponseCode?: unknown }).APIResponseCode : undefined;
  return code === undefined || code === null || Number(code) === 0;
}

function versionOf(body: unknown): unknown {
  const record = typeof body === 'object' && body !== null ? (body as { record?: unknown }).record : undefined;
  return typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined;
}

/** Changes that share one commit (a client batch of 200 is one): bounded, so other requests do not wait long for the database. */
const COMMIT_GROUP = 200;

type Answer = CommandAnswer | ErrorAnswer;
type Found = { command: Command; route: BatchRoute };

/** A change whose path, decoded and made canonical, is not a route the batch carries: refused alone. */
const refusedPath = (): ApiError => new ApiError(422, 'BATCH_PATH_REFUSED', 'batchPathRefused', { field: 'path' });

const bodyTooLarge = () => Object.assign(new Error('the change is larger than its route takes'), { statusCode: 413 });

/** An answer's body as the device reads it: JSON values as they are, a stored answer's text parsed. */
function bodyOf(body: CommandAnswer['body']): unknown {
  if (typeof body !== 'string') return body;
  if (body === '') return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** The header names a result carries, lower-case as the device reads them. */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * The commands a batch may carry, found by their path as the server's router finds a request's
 * (find-my-way, the same params): only BATCH_ROUTES, and a change reaches one only when it is the very
 * route its checked path named.
 */
function batchRouter(commands: readonly Command[]) {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const command of commands) {
    const route = batchRouteOf(command.method, command.url);
    if (route !== null) router.on(command.method, command.url, () => undefined, { command, route } satisfies Found);
  }
  return (method: RawCall['method'], url: string, route: BatchRoute) => {
    const found = router.find(method === 'POST' ? 'POST' : method === 'PUT' ? 'PUT' : method === 'PATCH' ? 'PATCH' : 'DELETE', url);
    const store: unknown = found?.store;
    if (!found || !isFound(store) || store.route !== route) return null;
    return { command: store.command, params: found.params, query: found.searchParams };
  };
}

function isFound(store: unknown): store is Found {
  return typeof store === 'object' && store !== null && 'command' in store && 'route' in store;
}

export function syncBatchRoutes(app: FastifyInstance, ctx: AppContext, commands: readonly Command[]): void {
  const commandOf = batchRouter(commands);
  const serverBodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  /** The change's answer and the effects still to run after its group commits. */
  const applyChange = async (
    req: FastifyRequest,
    change: BatchItem,
    single: { path: string; body: unknown },
  ): Promise<{ answer: Answer; effects: (() => Promise<void>) | null; raw: RawCall }> => {
    const target = batchTargetOf(change.method, single.path);
    // Exactly the canonical path that was checked is routed, never the path as the item spelled it.
    const url = target.ok ? `/api/${target.path}` : '';
    const found = target.ok ? commandOf(change.method, url, target.route) : null;
    const raw: RawCall = { req, method: change.method, url, params: found?.params ?? {}, query: found?.query ?? {}, body: single.body, key: change.key };
    if (!found) return { answer: commandRefusal(refusedPath(), raw), effects: null, raw };
    const limit = found.command.bodyLimit ?? serverBodyLimit;
    // Each change is its caller's alone: a token in its body, the buildings read for it.
    const auth = req.auth;
    req.visibleBuildingIds = undefined;
    try {
      // The batch's length bounds each change's: only a batch longer than the route's limit is measured.
      if (Number(req.headers['content-length'] ?? Infinity) > limit && single.body !== undefined && Buffer.byteLength(JSON.stringify(single.body)) > limit)
        throw bodyTooLarge();
      const applied = await found.command.apply(ctx, raw);
      return { ...applied, raw };
    } catch (error) {
      return { answer: commandRefusal(error, raw), effects: null, raw };
    } finally {
      req.auth = auth;
    }
  };

  app.post(`/api/${SYNC_BATCH_PATH}`, { config: { right: 'session.use' }, bodyLimit: MAX_BATCH_BYTES }, async (req) => {
    const { items } = parse(batch, req.body);
    const rebaser = createRebaser();
    const blocked = new Set<string>();
    let sessionEnded = false;
    const results: BatchResult[] = [];
    const record = (change: BatchItem, answer: Answer) => {
      const headers = lowerCased(answer.headers);
      const retryAfter = headers['retry-after'];
      const echoed = headers['idempotency-key'];
      return {
        key: change.key,
        status: answer.status,
        body: bodyOf(answer.body),
        ...(retryAfter === undefined ? {} : { retryAfter }),
        ...(echoed === undefined ? {} : { idempotencyKey: echoed }),
      };
    };
    const pending: { index: number; change: BatchItem; raw: RawCall; effects: () => Promise<void> }[] = [];
    const apply = async (change: BatchItem) => {
      if (sessionEnded || blocked.has(change.record) || (change.dependsOn ?? []).some((d) => blocked.has(d))) {
        blocked.add(change.record);
        results.push({ key: change.key, status: null, notAttempted: true });
        return;
      }
      const base = rebaser.baseOf(change);
      const single = singleRequestOf(change, base);
      const { answer, effects, raw } = await applyChange(req, change, single);
      const result = record(change, answer);
      if (effects) pending.push({ index: results.length, change, raw, effects });
      results.push(result);
      if (wasApplied(result.status, result.body)) rebaser.applied(change, base, versionOf(result.body));
      else blocked.add(change.record);
      // The session ended (logout elsewhere, expiry): every later change would be refused the same way.
      if (result.status === 401) sessionEnded = true;
    };
    // Each change is its own transaction; a group of them shares one commit (one disk sync, db/database.ts).
    const list = items as BatchItem[];
    for (let start = 0; start < list.length; start += COMMIT_GROUP) {
      await ctx.db.commitTogether(async () => {
        for (const change of list.slice(start, start + COMMIT_GROUP)) await apply(change);
      });
      // Committed: the group's effects now, never while its commit holds the database.
      for (const { index, change, raw, effects } of pending.splice(0)) {
        try {
          await effects();
        } catch (error) {
          results[index] = record(change, commandRefusal(error, raw));
        }
      }
    }
    return { results };
  });
}
