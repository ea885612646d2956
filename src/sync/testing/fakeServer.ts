// A small in-memory model of the provider API's mutation contract for unit tests of the engine:
// idempotency keys stored with the response, versions with 409 + current, 401 on a stale token,
// and injectable faults (lost responses, 5xx bursts, captive-portal pages, hangs).
import { SYNC_BATCH_PATH, createRebaser, singleRequestOf } from '../../lib/syncBatch';
import type { BatchItem, BatchResult } from '../../lib/syncBatch';

type Row = Record<string, unknown>;

export type Fault =
  | 'network' // fails before reaching the server: nothing committed
  | 'lostResponse' // the server commits, the answer never arrives
  | 'server500'
  | 'rateLimited'
  | 'portal' // a 200 HTML page from a captive portal
  | 'hang' // never answers (a crash or a kill while waiting)
  | 'hangAfterCommit'
  | 'stallAfterHeaders' // the server commits and its answer starts, then the rest never arrives (signal lost mid-answer)
  | 'expireMidBatch'; // the session ends after the first change of a batch (a logout elsewhere)

export type Applied = { key: string; method: string; path: string; body: unknown };

export type FakeServer = {
  fetch: typeof fetch;
  records: Map<string, Row>;
  applied: Applied[];
  requests: { method: string; path: string; key: string | null }[];
  faults: Fault[];
  token: string;
  /** Whether it has the batch call (docs/api.md "Batches"); without it, how often a device asked for it. */
  batches: boolean;
  batchProbes: number;
  /** Each batch's keys, in order. */
  batchRequests: string[][];
  /** Refuse a body with a 422 (validation) when this returns a field name. */
  validate: ((method: string, path: string, body: Row) => string | null) | null;
  /** The parts of resumable uploads, as they arrived. */
  uploadedParts: { id: string; offset: number; size: number }[];
  /** Change a stored record as another user would (bumps the version). */
  editAsOther(path: string, changes: Row): Row;
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function error(status: number, code: string, messageKey: string, extra: { field?: string; current?: Row } = {}): Response {
  const { field, current } = extra;
  return json(status, { error: { code, message: code, messageKey: `errors:${messageKey}`, ...(field ? { field } : {}) }, ...(current ? { current } : {}) });
}

/** An answer whose headers and first bytes arrive, and then nothing: its body never ends. */
function stalledAnswer(status: number, key: string | null): Response {
  const start = new TextEncoder().encode('{"record":');
  const body = new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(start) });
  return new Response(body, { status, headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) } });
}

type FakeUpload = { id: string; length: number; fileId: string; bytes: Uint8Array };

function metadataOf(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of header.split(',')) {
    const [name, value] = pair.trim().split(' ');
    if (name) out[name] = value ? new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0))) : '';
  }
  return out;
}

const bytesText = (bytes: Uint8Array) => bytes.reduce((text, b) => text + String.fromCharCode(b), '');

export type FakeServerOptions = { batches?: boolean };

export function createFakeServer(options: FakeServerOptions = {}): FakeServer {
  const records = new Map<string, Row>();
  const keys = new Map<string, { status: number; body: Row }>();
  const server: FakeServer = {
    fetch: async () => new Response(),
    records,
    applied: [],
    requests: [],
    faults: [],
    token: 'token-1',
    batches: options.batches ?? false,
    batchProbes: 0,
    batchRequests: [],
    uploadedParts: [],
    validate: null,
    editAsOther(path, changes) {
      const current = records.get(path);
      if (!current) throw new Error(`no record ${path}`);
      const next = { ...current, ...changes, version: Number(current.version) + 1 };
      records.set(path, next);
      return next;
    },
  };

  /** Resumable uploads (docs/api.md "Resumable upload") by the photo's key. */
  const uploads = new Map<string, FakeUpload>();

  async function tus(method: string, path: string, headers: Headers, init: RequestInit | undefined): Promise<Response | null> {
    if (method === 'POST' && path === 'files/uploads') {
      const meta = metadataOf(headers.get('Upload-Metadata') ?? '');
      const key = meta.key ?? '';
      let upload = uploads.get(key);
      if (!upload) {
        upload = { id: `upload-${uploads.size + 1}`, length: Number(headers.get('Upload-Length')), fileId: meta.fileID ?? '', bytes: new Uint8Array(0) };
        uploads.set(key, upload);
      }
      return new Response(null, { status: 201, headers: { Location: `/api/files/uploads/${upload.id}`, 'Upload-Offset': String(upload.bytes.length) } });
    }
    const patching = /^files\/uploads\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && patching) {
      const upload = [...uploads.values()].find((u) => u.id === patching[1]);
      if (!upload) return error(404, 'NOT_FOUND', 'notFound');
      const offset = Number(headers.get('Upload-Offset'));
      if (offset !== upload.bytes.length) return new Response(null, { status: 409, headers: { 'Upload-Offset': String(upload.bytes.length) } });
      const part = init?.body instanceof Blob ? new Uint8Array(await init.body.arrayBuffer()) : new Uint8Array(0);
      const joined = new Uint8Array(upload.bytes.length + part.length);
      joined.set(upload.bytes);
      joined.set(part, upload.bytes.length);
      upload.bytes = joined;
      server.uploadedParts.push({ id: upload.id, offset, size: part.length });
      return new Response(null, { status: 204, headers: { 'Upload-Offset': String(joined.length) } });
    }
    return null;
  }

  function apply(method: string, path: string, body: Row, query: URLSearchParams): { status: number; body: Row } | Response {
    const finishing = /^files\/uploads\/([^/]+)\/finish$/.exec(path);
    if (finishing) {
      const upload = [...uploads.values()].find((u) => u.id === finishing[1]);
      if (!upload || upload.bytes.length !== upload.length) return error(409, 'UPLOAD_INCOMPLETE', 'missingDetailsToContinue');
      const hash = bytesText(upload.bytes);
      const existing = [...records.entries()].find(([k, r]) => k.startsWith('files/') && r.hash === hash);
      if (existing) return { status: 200, body: { APIResponseCode: 0, fileId: existing[1].id, record: existing[1] } };
      const record = { id: upload.fileId, hash };
      records.set(`files/${upload.fileId}`, record);
      return { status: 200, body: { APIResponseCode: 0, fileId: upload.fileId, record } };
    }
    if (path === 'files/upload/B64') {
      const params = (Array.isArray(body) ? body : []) as { paramName: string; paramValue: unknown }[];
      const fileId = String(params.find((p) => p.paramName === 'fileID')?.paramValue ?? '');
      const hash = String(params.find((p) => p.paramName === 'base64String')?.paramValue ?? '');
      const existing = [...records.entries()].find(([k, r]) => k.startsWith('files/') && r.hash === hash);
      if (existing) return { status: 200, body: { APIResponseCode: 0, fileId: existing[1].id, record: existing[1] } };
      const record = { id: fileId, hash };
      records.set(`files/${fileId}`, record);
      return { status: 200, body: { APIResponseCode: 0, fileId, record } };
    }
    if (method === 'POST') {
      const id = String(body.id);
      const at = `${path}/${id}`;
      const existing = records.get(at);
      if (existing) return error(409, 'ALREADY_EXISTS', 'alreadyExists', { current: existing });
      const record = { ...body, version: 1 };
      records.set(at, record);
      return { status: 201, body: { record } };
    }
    const current = records.get(path);
    if (!current) return error(404, 'NOT_FOUND', 'notFound');
    const baseVersion = method === 'DELETE' ? Number(query.get('baseVersion')) : Number(body.baseVersion);
    if (baseVersion !== current.version) return error(409, 'VERSION_CONFLICT', 'versionConflict', { current });
    if (method === 'DELETE') {
      records.delete(path);
      return { status: 200, body: { record: current } };
    }
    const record = { ...current, ...(body.changes as Row), version: Number(current.version) + 1 };
    records.set(path, record);
    return { status: 200, body: { record } };
  }

  const unauthorized = () =>
    json(401, { APIResponseCode: -1, error: { code: 'SESSION_EXPIRED', message: 'Session expired', messageKey: 'errors:sessionExpired' } });

  /** One mutation after authentication: the stored answer of a known key, or the change applied now. */
  function mutate(method: string, path: string, query: URLSearchParams, key: string | null, body: Row): Response | { status: number; body: Row } {
    if (!key) return error(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
    const stored = keys.get(key);
    if (stored) return stored;
    const refused = server.validate?.(method, path, body);
    if (refused) return error(422, 'VALIDATION', 'descriptionTooShort', { field: refused });
    const result = apply(method, path, body, query);
    if (result instanceof Response) return result;
    const answer = { status: result.status, body: { idempotencyKey: key, ...result.body } };
    keys.set(key, answer);
    server.applied.push({ key, method, path, body });
    return answer;
  }

  async function batch(items: BatchItem[], token: string | null, midBatchExpiry: boolean): Promise<BatchResult[]> {
    const rebaser = createRebaser();
    const blocked = new Set<string>();
    const results: BatchResult[] = [];
    for (const [i, item] of items.entries()) {
      if (blocked.has(item.record) || (item.dependsOn ?? []).some((d) => blocked.has(d))) {
        blocked.add(item.record);
        results.push({ key: item.key, status: null, notAttempted: true });
        continue;
      }
      if (midBatchExpiry && i === 1) server.token = `${server.token}-renewed`;
      const base = rebaser.baseOf(item);
      const single = singleRequestOf(item, base);
      const url = new URL(`http://fake.test/api/${single.path}`);
      const path = url.pathname.replace(/^\/api\/(binyan\/)?/, '');
      server.requests.push({ method: item.method, path, key: item.key });
      const answer = token !== server.token ? unauthorized() : mutate(item.method, path, url.searchParams, item.key, (single.body ?? {}) as Row);
      const status = answer instanceof Response ? answer.status : answer.status;
      const body = answer instanceof Response ? ((await answer.json()) as Row) : answer.body;
      results.push({ key: item.key, status, body, ...(answer instanceof Response ? {} : { idempotencyKey: item.key }) });
      if (status >= 200 && status < 300) rebaser.applied(item, base, (body.record as Row | undefined)?.version);
      else blocked.add(item.record);
    }
    return results;
  }

  server.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://fake.test');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const key = headers.get('Idempotency-Key');
    if (url.pathname === `/api/${SYNC_BATCH_PATH}` && !server.batches) {
      // A provider without the call: answered before any fault, which the tests aim at the changes.
      server.batchProbes += 1;
      return error(404, 'NOT_FOUND', 'notFound');
    }
    const path = url.pathname.replace(/^\/api\/(binyan\/)?/, '');
    const isBatch = url.pathname === `/api/${SYNC_BATCH_PATH}`;
    if (!isBatch) server.requests.push({ method, path, key });
    const fault = server.faults.shift();
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault === 'hang') return new Promise<Response>(() => undefined);
    if (fault === 'server500') return json(500, { error: { code: 'INTERNAL', message: 'boom', messageKey: 'errors:somethingWentWrong' } });
    if (fault === 'rateLimited')
      return json(429, { error: { code: 'RATE', message: 'slow down', messageKey: 'errors:tooManyRequests' } }, { 'Retry-After': '7' });
    if (fault === 'portal') return new Response('<html><body>Login to Wi-Fi</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    if (headers.get('Authorization') !== server.token) return unauthorized();
    if (method === 'GET') {
      const record = records.get(path);
      return record ? json(200, { record }) : error(404, 'NOT_FOUND', 'notFound');
    }
    const sentBytes = await tus(method, path, headers, init);
    if (sentBytes) {
      if (fault === 'lostResponse') throw new TypeError('connection reset after commit');
      return sentBytes;
    }
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Row;
    let answer: Response | { status: number; body: Row };
    if (isBatch) {
      const items = (body.items ?? []) as BatchItem[];
      server.batchRequests.push(items.map((i) => i.key));
      answer = { status: 200, body: { results: await batch(items, headers.get('Authorization'), fault === 'expireMidBatch') } };
    } else {
      answer = mutate(method, path, url.searchParams, key, body);
      if (answer instanceof Response) return answer;
    }
    if (fault === 'lostResponse') throw new TypeError('connection reset after commit');
    if (fault === 'hangAfterCommit') return new Promise<Response>(() => undefined);
    if (fault === 'stallAfterHeaders') return stalledAnswer(answer.status, key);
    return json(answer.status, answer.body, key ? { 'Idempotency-Key': key } : {});
  };
  return server;
}
