// A small in-memory model of the provider API's mutation contract for unit tests of the engine:
// idempotency keys stored with the response, versions with 409 + current, 401 on a stale token,
// and injectable faults (lost responses, 5xx bursts, captive-portal pages, hangs).
type Row = Record<string, unknown>;

export type Fault =
  | 'network' // fails before reaching the server: nothing committed
  | 'lostResponse' // the server commits, the answer never arrives
  | 'server500'
  | 'rateLimited'
  | 'portal' // a 200 HTML page from a captive portal
  | 'hang' // never answers (a crash or a kill while waiting)
  | 'hangAfterCommit';

export type Applied = { key: string; method: string; path: string; body: unknown };

export type FakeServer = {
  fetch: typeof fetch;
  records: Map<string, Row>;
  applied: Applied[];
  requests: { method: string; path: string; key: string | null }[];
  faults: Fault[];
  token: string;
  /** Refuse a body with a 422 (validation) when this returns a field name. */
  validate: ((method: string, path: string, body: Row) => string | null) | null;
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

export function createFakeServer(): FakeServer {
  const records = new Map<string, Row>();
  const keys = new Map<string, { status: number; body: Row }>();
  const server: FakeServer = {
    fetch: async () => new Response(),
    records,
    applied: [],
    requests: [],
    faults: [],
    token: 'token-1',
    validate: null,
    editAsOther(path, changes) {
      const current = records.get(path);
      if (!current) throw new Error(`no record ${path}`);
      const next = { ...current, ...changes, version: Number(current.version) + 1 };
      records.set(path, next);
      return next;
    },
  };

  function apply(method: string, path: string, body: Row, query: URLSearchParams): { status: number; body: Row } | Response {
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

  server.fetch = async (input, init) => {
    const url = new URL(String(input), 'http://fake.test');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const key = headers.get('Idempotency-Key');
    const path = url.pathname.replace(/^\/api\/(binyan\/)?/, '');
    server.requests.push({ method, path, key });
    const fault = server.faults.shift();
    if (fault === 'network') throw new TypeError('Failed to fetch');
    if (fault === 'hang') return new Promise<Response>(() => undefined);
    if (fault === 'server500') return json(500, { error: { code: 'INTERNAL', message: 'boom', messageKey: 'errors:somethingWentWrong' } });
    if (fault === 'rateLimited') return json(429, { error: { code: 'RATE', message: 'slow down', messageKey: 'errors:tooManyRequests' } }, { 'Retry-After': '7' });
    if (fault === 'portal') return new Response('<html><body>Login to Wi-Fi</body></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    if (headers.get('Authorization') !== server.token) {
      return json(401, { APIResponseCode: -1, error: { code: 'SESSION_EXPIRED', message: 'Session expired', messageKey: 'errors:sessionExpired' } });
    }
    if (method === 'GET') {
      const record = records.get(path);
      return record ? json(200, { record }) : error(404, 'NOT_FOUND', 'notFound');
    }
    if (!key) return error(400, 'IDEMPOTENCY_KEY_REQUIRED', 'idempotencyKeyRequired');
    const body = (init?.body ? JSON.parse(String(init.body)) : {}) as Row;
    const stored = keys.get(key);
    let answer: { status: number; body: Row };
    if (stored) {
      answer = stored;
    } else {
      const refused = server.validate?.(method, path, body);
      if (refused) return error(422, 'VALIDATION', 'descriptionTooShort', { field: refused });
      const result = apply(method, path, body, url.searchParams);
      if (result instanceof Response) return result;
      answer = { status: result.status, body: { idempotencyKey: key, ...result.body } };
      keys.set(key, answer);
      server.applied.push({ key, method, path, body });
    }
    if (fault === 'lostResponse') throw new TypeError('connection reset after commit');
    if (fault === 'hangAfterCommit') return new Promise<Response>(() => undefined);
    return json(answer.status, answer.body, { 'Idempotency-Key': key });
  };
  return server;
}
