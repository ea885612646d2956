// Provider API client (spec section 7): style 1 (REST + JSON under the product prefix) and
// style 2 (parameter lists answered with APIResponseCode). Token handling is limited to attaching
// it; re-login on -1 belongs to the session machine.
import { answerError, apiResponseCodeOf } from './answers';
import { withDeadline } from './deadline';
import { badJsonError } from './errors';
import { appendQuery, toQueryString } from './query';

export type ApiClientOptions = {
  baseUrl?: string;
  product?: string;
  timeoutMs?: number;
  getToken?: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
};
export type RequestOptions = { prefix?: boolean; headers?: Record<string, string>; signal?: AbortSignal; timeoutMs?: number };
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Style2Param = { paramName: string; paramValue: string | number | boolean | null; paramType: number };
export type Style2Answer = { APIResponseCode: number; APIResponseText: string; APIResponseDescription: string };

export interface ApiClient {
  /** Style 1; throws ApiError on HTTP >= 400, a non-zero APIResponseCode, bad JSON, timeout or network failure. */
  request<T>(method: HttpMethod, path: string, payload?: unknown, opts?: RequestOptions): Promise<T>;
  /**
   * Style 1 without status checks (the replay engine classifies); resolves once the whole answer has
   * arrived; throws ApiError on timeout (headers and body under one deadline) or network failure.
   */
  raw(method: HttpMethod, path: string, payload?: unknown, opts?: RequestOptions): Promise<Response>;
  /** Style 2: POSTs the parameter list; throws ApiError unless APIResponseCode is 0. No product prefix unless `prefix: true`. */
  callStyle2<T extends object>(path: string, params: Style2Param[], opts?: RequestOptions): Promise<T & Style2Answer>;
  url(path: string, opts?: { prefix?: boolean }): string;
}

export const DEFAULT_BASE_URL = '/api';
export const DEFAULT_PRODUCT = 'binyan';
export const DEFAULT_TIMEOUT_MS = 10_000;

function parseJson(status: number, text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw badJsonError(status, text, cause);
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const product = options.product ?? DEFAULT_PRODUCT;
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Called through a closure so a global fetch is never invoked with a foreign `this`.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function url(path: string, opts?: { prefix?: boolean }): string {
    const clean = path.replace(/^\/+/, '');
    return opts?.prefix === false ? `${baseUrl}/${clean}` : `${baseUrl}/${product}/${clean}`;
  }

  async function buildInit(method: HttpMethod, payload: unknown, opts: RequestOptions | undefined, signal: AbortSignal): Promise<RequestInit> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = options.getToken ? await options.getToken() : null;
    if (token) headers.Authorization = token;
    const init: RequestInit = { method, headers, signal };
    if (payload instanceof Blob) {
      // Bytes as they are (a photo's part): the caller's headers name their type.
      init.body = payload;
    } else if (method !== 'GET' && payload !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(payload);
    }
    Object.assign(headers, opts?.headers);
    return init;
  }

  function target(method: HttpMethod, path: string, payload: unknown, prefix: boolean): string {
    const base = url(path, { prefix });
    return method === 'GET' ? appendQuery(base, toQueryString(payload)) : base;
  }

  async function exchange(
    method: HttpMethod,
    href: string,
    payload: unknown,
    opts: RequestOptions | undefined,
  ): Promise<{ status: number; body: unknown; text: string; ok: boolean }> {
    return withDeadline(opts?.timeoutMs ?? defaultTimeoutMs, opts?.signal, async (signal) => {
      const response = await doFetch(href, await buildInit(method, payload, opts, signal));
      const text = await response.text();
      const body = response.ok ? parseJson(response.status, text) : safeParse(text);
      return { status: response.status, body, text, ok: response.ok };
    });
  }

  async function request<T>(method: HttpMethod, path: string, payload?: unknown, opts?: RequestOptions): Promise<T> {
    const href = target(method, path, payload, opts?.prefix ?? true);
    const { status, body, text, ok } = await exchange(method, href, payload, opts);
    const code = apiResponseCodeOf(body);
    if (!ok || (code !== undefined && code !== 0)) throw answerError(status, body, text);
    return body as T;
  }

  async function raw(method: HttpMethod, path: string, payload?: unknown, opts?: RequestOptions): Promise<Response> {
    const href = target(method, path, payload, opts?.prefix ?? true);
    return withDeadline(opts?.timeoutMs ?? defaultTimeoutMs, opts?.signal, async (signal) => {
      const response = await doFetch(href, await buildInit(method, payload, opts, signal));
      // The body arrives under the same deadline as the headers: an answer that stalls halfway would
      // otherwise hold its reader (and the replay, its lock) for as long as the connection stays open.
      // Reading a clone to its end leaves the whole body buffered in the response handed back.
      await response.clone().arrayBuffer();
      return response;
    });
  }

  async function callStyle2<T extends object>(path: string, params: Style2Param[], opts?: RequestOptions): Promise<T & Style2Answer> {
    const href = url(path, { prefix: opts?.prefix ?? false });
    const { status, body, text, ok } = await exchange('POST', href, params, opts);
    if (!ok || apiResponseCodeOf(body) !== 0) throw answerError(status, body, text);
    return body as T & Style2Answer;
  }

  return { request, raw, callStyle2, url };
}

function safeParse(text: string): unknown {
  try {
    return text.trim() === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}
