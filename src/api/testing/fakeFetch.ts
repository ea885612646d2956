// A recording stand-in for `fetch` at the HTTP boundary, for unit tests of the client and its callers.

export type RecordedRequest = { url: string; method: string; headers: Record<string, string>; body: unknown };
export type FakeReply = { status?: number; body?: unknown; text?: string; headers?: Record<string, string> };
export type FakeHandler = (req: RecordedRequest, signal: AbortSignal | null) => FakeReply | Promise<FakeReply>;

export type FakeFetch = typeof fetch & { calls: RecordedRequest[]; last(): RecordedRequest };

export function fakeFetch(handler: FakeHandler = () => ({ body: {} })): FakeFetch {
  const calls: RecordedRequest[] = [];
  const impl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const req: RecordedRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers,
      body: rawBody === undefined ? undefined : (JSON.parse(rawBody) as unknown),
    };
    calls.push(req);
    const reply = await handler(req, init?.signal ?? null);
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    return new Response(text === '' ? null : text, {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  };
  const last = (): RecordedRequest => {
    const call = calls.at(-1);
    if (!call) throw new Error('fetch was not called');
    return call;
  };
  return Object.assign(impl, { calls, last });
}

/** A handler that never answers until the request is aborted, like a dead connection. */
export function hang(_req: RecordedRequest, signal: AbortSignal | null): Promise<FakeReply> {
  return new Promise((_, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
  });
}
