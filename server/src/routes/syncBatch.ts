// POST /api/binyan/sync/batch: several outbox changes in one request (docs/api.md "Batches"). Each
// change goes to its route as the single request it stands for (same authentication, rights, stored
// answers, rules and 409s; one transaction each; http/directCall.ts), in order, so one refused change
// undoes nothing else. A change whose record (or a record it depends on) had a change not applied earlier in
// the batch is not tried ("not attempted"): it would have waited on the device too. A change reaches
// only a route the batch carries, by its path decoded and made canonical (src/lib/batchTargets.ts); any
// other path refuses that change alone (422 BATCH_PATH_REFUSED), and its record's later changes wait.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_BATCH_PATH_LENGTH, batchTargetOf } from '../../../src/lib/batchTargets.ts';
import { MAX_BATCH_BYTES, MAX_BATCH_ITEMS, SYNC_BATCH_PATH, createRebaser, singleRequestOf } from '../../../src/lib/syncBatch.ts';
import type { BatchItem, BatchResult } from '../../../src/lib/syncBatch.ts';
import type { AppContext } from '../context.ts';
import type { DirectAnswer, DirectCalls, DirectChange } from '../http/directCall.ts';
import { ApiError } from '../http/errors.ts';
import { errorAnswerOf } from '../http/hooks.ts';
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

/** The headers a change's own request carries from the batch: who is asking, in which language. */
function forwardedHeaders(req: FastifyRequest, key: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', 'idempotency-key': key };
  for (const name of ['host', 'authorization', 'cookie', 'accept-language', 'user-agent'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

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

/** A change whose path, decoded and made canonical, is not a route the batch carries: refused alone. */
function refusedPath(req: FastifyRequest): DirectAnswer {
  const { status, headers, body } = errorAnswerOf(new ApiError(422, 'BATCH_PATH_REFUSED', 'batchPathRefused', { field: 'path' }), req);
  return { status, headers, body };
}

export function syncBatchRoutes(app: FastifyInstance, ctx: AppContext, directCalls: DirectCalls): void {
  app.post(`/api/${SYNC_BATCH_PATH}`, { config: { right: 'session.use' }, bodyLimit: MAX_BATCH_BYTES }, async (req) => {
    const { items } = parse(batch, req.body);
    const rebaser = createRebaser();
    const blocked = new Set<string>();
    let sessionEnded = false;
    const results: BatchResult[] = [];
    const apply = async (change: BatchItem) => {
      if (sessionEnded || blocked.has(change.record) || (change.dependsOn ?? []).some((d) => blocked.has(d))) {
        blocked.add(change.record);
        results.push({ key: change.key, status: null, notAttempted: true });
        return;
      }
      const base = rebaser.baseOf(change);
      const single = singleRequestOf(change, base);
      const target = batchTargetOf(change.method, single.path);
      const hasBody = single.body !== undefined;
      // Exactly the canonical path that was checked is routed, never the path as the item spelled it.
      const direct: DirectChange | null = target.ok
        ? {
            method: change.method,
            url: `/api/${target.path}`,
            route: target.route,
            headers: forwardedHeaders(req, change.key, hasBody),
            body: single.body,
            hasBody,
          }
        : null;
      const answer = (direct && (await directCalls.call(req, direct))) ?? refusedPath(req);
      const { status, body } = answer;
      const retryAfter = answer.headers['retry-after'];
      const echoed = answer.headers['idempotency-key'];
      results.push({
        key: change.key,
        status,
        body,
        ...(retryAfter === undefined ? {} : { retryAfter }),
        ...(echoed === undefined ? {} : { idempotencyKey: echoed }),
      });
      if (wasApplied(status, body)) rebaser.applied(change, base, versionOf(body));
      else blocked.add(change.record);
      // The session ended (logout elsewhere, expiry): every later change would be refused the same way.
      if (status === 401) sessionEnded = true;
    };
    // Each change is its own transaction; a group of them shares one commit (one disk sync, db/database.ts).
    const list = items as BatchItem[];
    for (let start = 0; start < list.length; start += COMMIT_GROUP) {
      await ctx.db.commitTogether(async () => {
        for (const change of list.slice(start, start + COMMIT_GROUP)) await apply(change);
      });
    }
    return { results };
  });
}
