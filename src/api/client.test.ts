import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './client';
import { ApiError, isSessionExpired } from './errors';
import { fakeFetch, hang } from './testing/fakeFetch';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('style 1 URLs', () => {
  it('puts the product prefix under the base path', async () => {
    const fetch = fakeFetch(() => ({ body: [] }));
    await createApiClient({ fetch }).request('GET', 'check/toFill');
    expect(fetch.last().url).toBe('/api/binyan/check/toFill');
  });

  it('leaves the prefix out when asked, for /auth/otp/* and /pos/building/units', async () => {
    const fetch = fakeFetch(() => ({ body: [] }));
    const client = createApiClient({ fetch });
    await client.request('GET', '/pos/building/units', undefined, { prefix: false });
    expect(fetch.last().url).toBe('/api/pos/building/units');
    expect(client.url('/auth/otp/start', { prefix: false })).toBe('/api/auth/otp/start');
  });

  it('honours a configured base URL and product', () => {
    const client = createApiClient({ baseUrl: 'http://localhost:8080/api/', product: 'other' });
    expect(client.url('check')).toBe('http://localhost:8080/api/other/check');
  });

  it('sends a GET payload as the query string', async () => {
    const fetch = fakeFetch(() => ({ body: [] }));
    const client = createApiClient({ fetch });
    await client.request('GET', 'check/toFill', { contactGuid: 'a b', skip: undefined, tags: [1, 2] });
    expect(fetch.last().url).toBe('/api/binyan/check/toFill?contactGuid=a+b&tags=1&tags=2');
    expect(fetch.last().body).toBeUndefined();
    await client.request('GET', 'check/image/?orientation=1', { chex_checkID: 7 });
    expect(fetch.last().url).toBe('/api/binyan/check/image/?orientation=1&chex_checkID=7');
  });

  it('sends other payloads as a JSON body', async () => {
    const fetch = fakeFetch(() => ({ body: { ok: true } }));
    const answer = await createApiClient({ fetch }).request<{ ok: boolean }>('DELETE', 'check', { CheckGuid: 'g' });
    expect(answer).toEqual({ ok: true });
    expect(fetch.last()).toMatchObject({ method: 'DELETE', body: { CheckGuid: 'g' } });
    expect(fetch.last().headers['content-type']).toBe('application/json');
  });
});

describe('Authorization header', () => {
  it('carries the session token when there is one', async () => {
    const fetch = fakeFetch();
    await createApiClient({ fetch, getToken: async () => 'tok-1' }).request('POST', 'check', {});
    expect(fetch.last().headers.authorization).toBe('tok-1');
  });

  it('is absent without a token', async () => {
    const fetch = fakeFetch();
    await createApiClient({ fetch, getToken: () => null }).request('POST', 'auth/otp/start', {}, { prefix: false });
    expect(fetch.last().headers.authorization).toBeUndefined();
  });

  it('passes extra headers such as Idempotency-Key', async () => {
    const fetch = fakeFetch();
    await createApiClient({ fetch }).request('POST', 'keys', {}, { headers: { 'Idempotency-Key': 'k1' } });
    expect(fetch.last().headers['idempotency-key']).toBe('k1');
  });
});

describe('failures', () => {
  it("ends a silent connection with 'connection timeout' after the given timeout", async () => {
    const client = createApiClient({ fetch: fakeFetch(hang) });
    const started = Date.now();
    const error = await caught(client.request('GET', 'check/toFill', undefined, { timeoutMs: 30 }));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error).toMatchObject({ errorCode: 'TIMEOUT', message: 'connection timeout', messageKey: 'errors:connectionTimeout', status: null });
  });

  it('uses 10 000 ms when no timeout is given', async () => {
    vi.useFakeTimers();
    try {
      const pending = caught(createApiClient({ fetch: fakeFetch(hang) }).request('GET', 'x'));
      await vi.advanceTimersByTimeAsync(9_999);
      let settled = false;
      void pending.then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).errorCode).toBe('TIMEOUT');
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a network failure', async () => {
    const fetch = fakeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await caught(createApiClient({ fetch }).request('GET', 'x'));
    expect(error).toMatchObject({ errorCode: 'NETWORK', messageKey: 'errors:anErrorOccurred', status: null });
  });

  it('maps a JSON error body onto the error', async () => {
    const fetch = fakeFetch(() => ({
      status: 422,
      body: { error: { code: 'VALIDATION', message: 'Required field', messageKey: 'errors:requiredField', field: 'description' } },
    }));
    const error = await caught(createApiClient({ fetch }).request('POST', 'service-calls', {}));
    expect(error).toMatchObject({
      errorCode: 'VALIDATION',
      errorDescription: 'Required field',
      message: 'Required field',
      messageKey: 'errors:requiredField',
      field: 'description',
      status: 422,
    });
  });

  it('keeps the body of a conflict so the caller can merge with `current`', async () => {
    const body = { error: { code: 'VERSION_CONFLICT', message: 'changed', messageKey: 'errors:versionConflict' }, current: { id: 'a', version: 3 } };
    const error = await caught(createApiClient({ fetch: fakeFetch(() => ({ status: 409, body })) }).request('PATCH', 'x', {}));
    expect(error.body).toEqual(body);
  });

  it('treats HTTP 401 as session expired (code -1)', async () => {
    const fetch = fakeFetch(() => ({ status: 401, body: { APIResponseCode: -1, APIResponseText: 'Session expired' } }));
    const error = await caught(createApiClient({ fetch }).request('GET', 'x'));
    expect(error).toMatchObject({ errorCode: -1, messageKey: 'errors:sessionExpired', status: 401, responseText: 'Session expired' });
    expect(isSessionExpired(error)).toBe(true);
  });

  it('treats a 401 without a body as session expired too', async () => {
    const error = await caught(createApiClient({ fetch: fakeFetch(() => ({ status: 401, text: '' })) }).request('GET', 'x'));
    expect(error.errorCode).toBe(-1);
  });

  it('gives a status-based message key when the body says nothing', async () => {
    const error = await caught(createApiClient({ fetch: fakeFetch(() => ({ status: 404, text: 'Not Found' })) }).request('GET', 'x'));
    expect(error).toMatchObject({ errorCode: 404, messageKey: 'errors:notFound', responseText: 'Not Found' });
  });

  it('rejects a success answer that is not JSON', async () => {
    const error = await caught(createApiClient({ fetch: fakeFetch(() => ({ text: '<html>portal</html>' })) }).request('GET', 'x'));
    expect(error).toMatchObject({ errorCode: 'BAD_JSON', status: 200, responseText: '<html>portal</html>' });
  });

  it('throws on a non-zero APIResponseCode inside a 200 style 1 answer', async () => {
    const fetch = fakeFetch(() => ({ body: { APIResponseCode: 5, APIResponseText: 'bad', APIResponseDescription: 'very bad' } }));
    const error = await caught(createApiClient({ fetch }).request('GET', 'utils/AppData'));
    expect(error).toMatchObject({ errorCode: 5, errorDescription: 'very bad', responseText: 'bad' });
  });

  it('passes a caller abort through unchanged', async () => {
    const controller = new AbortController();
    const pending = createApiClient({ fetch: fakeFetch(hang) }).request('GET', 'x', undefined, { signal: controller.signal });
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');
  });
});

describe('raw', () => {
  it('returns the response whatever its status', async () => {
    const fetch = fakeFetch(() => ({ status: 409, body: { current: { version: 2 } } }));
    const response = await createApiClient({ fetch, getToken: () => 't' }).raw('PATCH', 'meters/1', { baseVersion: 1 });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ current: { version: 2 } });
    expect(fetch.last()).toMatchObject({ url: '/api/binyan/meters/1', method: 'PATCH', headers: { authorization: 't' } });
  });

  it('still throws on timeout and network failure', async () => {
    const timeout = await caught(createApiClient({ fetch: fakeFetch(hang), timeoutMs: 20 }).raw('GET', 'x'));
    expect(timeout.errorCode).toBe('TIMEOUT');
    const offline = await caught(
      createApiClient({
        fetch: fakeFetch(() => {
          throw new TypeError('offline');
        }),
      }).raw('GET', 'x'),
    );
    expect(offline.errorCode).toBe('NETWORK');
  });

  it('ends as a timeout when the answer stalls after its headers, and gives the whole body when it does not', { timeout: 10_000 }, async () => {
    const head = new TextEncoder().encode('{"results":[');
    // Headers and the start of the body, then nothing more (a weak signal lost in the middle of the answer).
    const stalled: typeof fetch = async () =>
      new Response(new ReadableStream<Uint8Array>({ start: (controller) => controller.enqueue(head) }), { status: 200 });
    const timeout = await caught(
      createApiClient({ fetch: stalled, timeoutMs: 20 })
        .raw('POST', 'sync/batch', { items: [] })
        .then((response) => response.text()),
    );
    expect(timeout.errorCode).toBe('TIMEOUT');
    const whole = await createApiClient({ fetch: fakeFetch(() => ({ status: 201, body: { id: 1 } })), timeoutMs: 20 }).raw('POST', 'x', {});
    expect({ status: whole.status, type: whole.headers.get('Content-Type'), body: await whole.json() }).toEqual({
      status: 201,
      type: 'application/json',
      body: { id: 1 },
    });
  });
});

describe('style 2', () => {
  const ok = { APIResponseCode: 0, APIResponseText: 'OK', APIResponseDescription: '' };

  it('posts the parameter list without the product prefix and returns the answer', async () => {
    const fetch = fakeFetch(() => ({ body: { ...ok, sessionToken: 's' } }));
    const params = [{ paramName: 'CompID', paramValue: 1001, paramType: 8 }];
    const answer = await createApiClient({ fetch }).callStyle2<{ sessionToken: string }>('/dbActions/Login/Load', params);
    expect(answer.sessionToken).toBe('s');
    expect(fetch.last()).toMatchObject({ url: '/api/dbActions/Login/Load', method: 'POST', body: params });
  });

  it('throws with errorCode, errorDescription and responseText on a non-zero code', async () => {
    const fetch = fakeFetch(() => ({ body: { APIResponseCode: 3, APIResponseText: 'Login failed', APIResponseDescription: 'bad password' } }));
    const error = await caught(createApiClient({ fetch }).callStyle2('dbActions/Login/AuthByCompID/v2', []));
    expect(error).toMatchObject({ errorCode: 3, errorDescription: 'bad password', responseText: 'Login failed', messageKey: 'errors:anErrorOccurred' });
  });

  it('treats code -1 in a 200 answer as session expired', async () => {
    const fetch = fakeFetch(() => ({ body: { APIResponseCode: -1, APIResponseText: 'Session expired', APIResponseDescription: '' } }));
    const error = await caught(createApiClient({ fetch }).callStyle2('dbActions/callProc', []));
    expect(error).toMatchObject({ errorCode: -1, messageKey: 'errors:sessionExpired' });
  });

  it('refuses an answer without APIResponseCode', async () => {
    const error = await caught(createApiClient({ fetch: fakeFetch(() => ({ body: {} })) }).callStyle2('x', []));
    expect(error.errorCode).toBe('BAD_RESPONSE');
  });
});
