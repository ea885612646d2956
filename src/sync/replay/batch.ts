// Several outbox entries in one request (POST /api/binyan/sync/batch, docs/api.md "Batches"): which
// entries go together, and every per-change answer turned into the verdict its single request would
// have had (classify.ts). Photos never go in a batch, nor a change whose route the batch does not carry
// (src/lib/batchTargets.ts, the server's own check): those go alone.
import type { ApiClient } from '../../api/client';
import type { OutboxEntry } from '../../db/outboxRows';
import { batchTargetOf } from '../../lib/batchTargets';
import { isRecord } from '../../lib/records';
import { SYNC_BATCH_PATH, singleRequestOf } from '../../lib/syncBatch';
import type { BatchItem } from '../../lib/syncBatch';
import { classifyAnswer, classifyFailure, classifyParsed } from './classify';
import type { Verdict } from './classify';
import { bodyOf, pathOf } from './send';

export type BatchLimits = { maxItems: number; maxBytes: number };

/**
 * As many changes as the server takes (500), in at most a quarter of its bytes (1 MB), so a slow uplink
 * still carries a batch well within BATCH_TIMEOUT_MS. Each batch costs the device two transactions and
 * the server one commit whatever its size (the bench's 1 000 changes: ~450 ms in batches of 500, ~500 ms
 * of 200, ~575 ms of 100).
 */
export const DEFAULT_BATCH_LIMITS: BatchLimits = { maxItems: 500, maxBytes: 256 * 1024 };
/** A batch does more work than one change: it gets longer than a single request before it counts as lost. */
export const BATCH_TIMEOUT_MS = 30_000;

/** What a provider without the batch call answers it (then every change goes alone, and stays so). */
const NO_BATCH_STATUSES = new Set([404, 405, 501]);

/** The change as the batch carries it: the single request's path and body, the base version apart. */
export function itemOf(entry: OutboxEntry): BatchItem {
  const { versionIn, ...request } = entry.request;
  const withoutVersion: OutboxEntry = { ...entry, request };
  const path = pathOf(withoutVersion).replace(/^\/+/, '');
  const body = bodyOf(withoutVersion);
  return {
    key: entry.id,
    method: entry.request.method,
    path: entry.request.prefix === false ? path : `binyan/${path}`,
    ...(body === undefined ? {} : { body }),
    baseVersion: entry.baseVersion,
    ...(versionIn && entry.baseVersion !== null ? { versionIn } : {}),
    record: entry.entityKey,
    ...(entry.dependsOn.length > 0 ? { dependsOn: entry.dependsOn } : {}),
  };
}

/** A change the batch carries: a mutation whose route and path pass the server's check of batch paths. */
export function isBatchable(entry: OutboxEntry): boolean {
  if (entry.kind !== 'mutation') return false;
  const item = itemOf(entry);
  return batchTargetOf(item.method, singleRequestOf(item, item.baseVersion).path).ok;
}

/** UTF-8 length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : c >= 0xdc00 && c <= 0xdfff ? 0 : 3;
  }
  return n;
}

/**
 * The next batch: records whose first entry may go now, each with as many of its queued changes as
 * fit, in `seq` order; a change goes only when every earlier change of the records it depends on goes
 * in the same batch (or is gone). Pure, so the grouping is testable.
 */
export function pickBatch(
  entries: readonly OutboxEntry[],
  nowMs: number,
  busy: ReadonlySet<string>,
  limits: BatchLimits = DEFAULT_BATCH_LIMITS,
): OutboxEntry[] {
  const sorted = [...entries].sort((a, b) => a.seq - b.seq);
  const byKey = new Map<string, OutboxEntry[]>();
  for (const e of sorted) {
    const list = byKey.get(e.entityKey);
    if (list) list.push(e);
    else byKey.set(e.entityKey, [e]);
  }
  const busyKeys = new Set(sorted.filter((e) => busy.has(e.id)).map((e) => e.entityKey));
  const chosen = new Set<string>();
  const picked: OutboxEntry[] = [];
  let bytes = 0;
  const depsGo = (entry: OutboxEntry) => entry.dependsOn.every((dep) => (byKey.get(dep) ?? []).every((d) => d.seq > entry.seq || chosen.has(d.id)));
  const heads = [...byKey.values()].map((list) => list[0] as OutboxEntry).sort((a, b) => a.seq - b.seq);
  for (const head of heads) {
    if (picked.length >= limits.maxItems) break;
    if (!isBatchable(head) || head.state === 'attention' || head.nextAttemptAt > nowMs || busyKeys.has(head.entityKey)) continue;
    for (const entry of byKey.get(head.entityKey) ?? []) {
      if (!isBatchable(entry) || entry.state === 'attention' || picked.length >= limits.maxItems || !depsGo(entry)) break;
      const size = utf8Length(JSON.stringify(itemOf(entry))) + 1;
      if (picked.length > 0 && bytes + size > limits.maxBytes) break;
      bytes += size;
      chosen.add(entry.id);
      picked.push(entry);
    }
  }
  return picked.sort((a, b) => a.seq - b.seq);
}

/** One entry's part of a batch answer: its verdict, or not tried by the server (it goes again, uncounted). */
export type BatchPart = { verdict: Verdict } | { notAttempted: true };

export type BatchSent =
  /** The provider has no batch call: nothing was applied; send the entries one by one. */
  | { kind: 'unsupported'; remember: boolean }
  /** No usable batch answer (lost, 5xx, 401, a portal page): the same verdict for every entry. */
  | { kind: 'whole'; verdict: Verdict }
  | { kind: 'parts'; parts: Map<string, BatchPart> };

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function partOf(result: Record<string, unknown>, key: string, nowMs: number): BatchPart {
  if (result.notAttempted === true) return { notAttempted: true };
  const status = typeof result.status === 'number' ? result.status : 0;
  // The part's body came parsed with the batch's answer: an object, or the text of an answer that was not JSON.
  const body = isRecord(result.body) ? result.body : null;
  const headers: Record<string, string | undefined> = {
    'retry-after': typeof result.retryAfter === 'string' ? result.retryAfter : undefined,
    'idempotency-key': typeof result.idempotencyKey === 'string' ? result.idempotencyKey : undefined,
  };
  return { verdict: classifyParsed({ status, header: (name) => headers[name.toLowerCase()] ?? null, body }, key, nowMs) };
}

export async function sendBatch(api: ApiClient, entries: readonly OutboxEntry[], nowMs: () => number): Promise<BatchSent> {
  const items = entries.map(itemOf);
  let status: number;
  let text: string;
  let header: (name: string) => string | null;
  try {
    const response = await api.raw('POST', SYNC_BATCH_PATH, { items }, { prefix: false, timeoutMs: BATCH_TIMEOUT_MS });
    status = response.status;
    text = await response.text();
    header = (name) => response.headers.get(name);
  } catch (error) {
    return { kind: 'whole', verdict: classifyFailure(error) };
  }
  const body = parse(text);
  const results = isRecord(body) && Array.isArray(body.results) ? body.results : null;
  const answered =
    status >= 200 && status < 300 && results !== null && results.length === items.length && results.every((r, i) => isRecord(r) && r.key === items[i]?.key);
  if (!answered) {
    if (NO_BATCH_STATUSES.has(status)) return { kind: 'unsupported', remember: true };
    // The whole batch judged as one request would be (401, 429, 5xx, a portal's page). A batch refused as
    // such (too large, a change it cannot carry) is not the changes' fault: they go one by one this time.
    const verdict = classifyAnswer({ status, header, text }, '', nowMs());
    if (verdict.kind === 'rejected' || verdict.kind === 'conflict' || verdict.kind === 'applied') return { kind: 'unsupported', remember: false };
    return { kind: 'whole', verdict };
  }
  const parts = new Map<string, BatchPart>();
  (results as Record<string, unknown>[]).forEach((result, i) => {
    const key = items[i]?.key ?? '';
    parts.set(key, partOf(result, key, nowMs()));
  });
  return { kind: 'parts', parts };
}
