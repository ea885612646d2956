import { describe, expect, it } from 'vitest';
import { classifyAnswer, classifyFailure, retryAfterMs } from './classify';
import { ApiError } from '../../api/errors';

const KEY = '6f1c2d1e-0000-4000-8000-000000000001';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const h = new Headers(headers);
  return { status, header: (n: string) => h.get(n), text: typeof body === 'string' ? body : JSON.stringify(body) };
}

describe('classifyAnswer', () => {
  it('2xx echoing the key in the header is applied, with the record', () => {
    const v = classifyAnswer(answer(201, { idempotencyKey: KEY, record: { id: 'a', version: 1 } }, { 'Idempotency-Key': KEY }), KEY);
    expect(v).toMatchObject({ kind: 'applied', record: { id: 'a', version: 1 } });
  });

  it('2xx echoing the key only in the body is applied', () => {
    expect(classifyAnswer(answer(200, { idempotencyKey: KEY, record: null }), KEY)).toMatchObject({ kind: 'applied', record: null });
  });

  it('2xx without the key (captive portal HTML, proxy JSON) is retried, never applied', () => {
    expect(classifyAnswer(answer(200, '<html>Sign in to Wi-Fi</html>', { 'Content-Type': 'text/html' }), KEY)).toMatchObject({
      kind: 'retry',
      reason: 'notEchoed',
    });
    expect(classifyAnswer(answer(200, { ok: true }), KEY)).toMatchObject({ kind: 'retry', reason: 'notEchoed' });
    expect(classifyAnswer(answer(200, { idempotencyKey: 'someone-else' }), KEY)).toMatchObject({ kind: 'retry' });
  });

  it('HTTP 401 and API code -1 (also on HTTP 200) pause for re-login', () => {
    expect(classifyAnswer(answer(401, { APIResponseCode: -1 }), KEY)).toMatchObject({ kind: 'auth' });
    expect(classifyAnswer(answer(200, { APIResponseCode: -1, APIResponseText: 'Session expired' }), KEY)).toMatchObject({ kind: 'auth' });
    expect(classifyAnswer(answer(200, { APIResponseCode: '-1' }), KEY)).toMatchObject({ kind: 'auth' });
  });

  it('409 carries the current record for the merge', () => {
    const v = classifyAnswer(
      answer(409, { error: { code: 'VERSION_CONFLICT', messageKey: 'errors:versionConflict', message: 'x' }, current: { id: 'a', version: 4 } }),
      KEY,
    );
    expect(v).toMatchObject({ kind: 'conflict', current: { version: 4 }, messageKey: 'errors:versionConflict' });
  });

  it('other 4xx are refusals with the server message key and field', () => {
    const v = classifyAnswer(
      answer(422, { error: { code: 'VALIDATION', messageKey: 'errors:descriptionTooShort', message: 'too short', field: 'description' } }),
      KEY,
    );
    expect(v).toEqual({
      kind: 'rejected',
      status: 422,
      messageKey: 'errors:descriptionTooShort',
      message: 'too short',
      code: 'VALIDATION',
      field: 'description',
    });
    expect(classifyAnswer(answer(404, { error: { code: 'NOT_FOUND', messageKey: 'errors:notFound', message: 'Not found' } }), KEY)).toMatchObject({
      kind: 'rejected',
      status: 404,
    });
  });

  it('a 2xx style-2 answer echoing the key with a non-zero code is a refusal', () => {
    expect(classifyAnswer(answer(200, { idempotencyKey: KEY, APIResponseCode: 3, APIResponseText: 'bad' }), KEY)).toMatchObject({
      kind: 'rejected',
      code: '3',
    });
  });

  it('a style-2 refusal is read from its code first: needs attention with the translated reason, never retried', () => {
    const refusal = {
      APIResponseCode: 1,
      APIResponseText: 'Only an image may be selected',
      APIResponseDescription: 'VALIDATION',
      error: { code: 'VALIDATION', message: 'Only an image may be selected', messageKey: 'errors:onlyImageAllowed', field: 'base64String' },
    };
    const expected = {
      kind: 'rejected',
      status: 200,
      messageKey: 'errors:onlyImageAllowed',
      message: 'Only an image may be selected',
      code: '1',
      field: 'base64String',
    };
    // Echoed (the server now answers the key) or not (an older provider): the code decides.
    expect(classifyAnswer(answer(200, { ...refusal, idempotencyKey: KEY }, { 'Idempotency-Key': KEY }), KEY)).toEqual(expected);
    expect(classifyAnswer(answer(200, refusal), KEY)).toEqual(expected);
    expect(classifyAnswer(answer(200, { APIResponseCode: '2', APIResponseText: 'File not found' }), KEY)).toMatchObject({
      kind: 'rejected',
      code: '2',
      message: 'File not found',
      messageKey: 'errors:anErrorOccurred',
    });
  });

  it("a style-2 refusal carries its limit for the reason's placeholders", () => {
    const tooLarge = {
      APIResponseCode: 1,
      error: { code: 'FILE_TOO_LARGE', message: 'File size must be under 4 MB', messageKey: 'errors:fileTooLarge', params: { size: '4 MB', bogus: { x: 1 } } },
    };
    expect(classifyAnswer(answer(200, tooLarge), KEY)).toMatchObject({ kind: 'rejected', messageKey: 'errors:fileTooLarge', params: { size: '4 MB' } });
    const tooMany = {
      APIResponseCode: 1,
      error: { code: 'TOO_MANY_FILES', message: 'You can attach up to 5 files', messageKey: 'errors:maxFilesExceeded', params: { count: 5 } },
    };
    expect(classifyAnswer(answer(200, tooMany), KEY)).toMatchObject({ params: { count: 5 } });
  });

  it('a style-2 session code re-logs in and a rate-limit code retries, even on HTTP 200', () => {
    expect(classifyAnswer(answer(200, { APIResponseCode: -1, idempotencyKey: KEY }), KEY)).toMatchObject({ kind: 'auth' });
    expect(classifyAnswer(answer(200, { APIResponseCode: 4 }, { 'Retry-After': '5' }), KEY)).toMatchObject({
      kind: 'retry',
      reason: 'rateLimited',
      retryAfterMs: 5_000,
    });
    expect(classifyAnswer(answer(429, { APIResponseCode: 4 }, { 'Retry-After': '5' }), KEY)).toMatchObject({ kind: 'retry', reason: 'rateLimited' });
    expect(classifyAnswer(answer(500, { APIResponseCode: 1, error: { messageKey: 'errors:somethingWentWrong' } }), KEY)).toMatchObject({
      kind: 'retry',
      reason: 'server',
    });
  });

  it('a 2xx style-2 success still needs the echoed key', () => {
    expect(classifyAnswer(answer(200, { APIResponseCode: 0, fileId: 'f' }), KEY)).toMatchObject({ kind: 'retry', reason: 'notEchoed' });
    expect(classifyAnswer(answer(200, { APIResponseCode: 0, fileId: 'f', idempotencyKey: KEY }), KEY)).toMatchObject({ kind: 'applied' });
  });

  it('a 4xx page that is not the API (proxy HTML) is retried', () => {
    expect(classifyAnswer(answer(403, '<html>blocked</html>'), KEY)).toMatchObject({ kind: 'retry', reason: 'notEchoed' });
  });

  it('5xx, 408 and 429 are retried, honouring Retry-After', () => {
    expect(classifyAnswer(answer(500, { error: {} }), KEY)).toMatchObject({ kind: 'retry', reason: 'server', retryAfterMs: null });
    expect(classifyAnswer(answer(503, '', { 'Retry-After': '30' }), KEY)).toMatchObject({ kind: 'retry', retryAfterMs: 30_000 });
    expect(classifyAnswer(answer(408, ''), KEY)).toMatchObject({ kind: 'retry' });
    expect(classifyAnswer(answer(429, { error: { messageKey: 'errors:tooManyRequests' } }, { 'Retry-After': '2' }), KEY)).toMatchObject({
      kind: 'retry',
      reason: 'rateLimited',
      retryAfterMs: 2_000,
    });
  });
});

describe('classifyFailure', () => {
  it('timeouts and network errors are retried', () => {
    expect(classifyFailure(new ApiError({ message: 't', errorCode: 'TIMEOUT', messageKey: 'errors:connectionTimeout' }))).toMatchObject({
      kind: 'retry',
      reason: 'timeout',
    });
    expect(classifyFailure(new TypeError('Failed to fetch'))).toMatchObject({ kind: 'retry', reason: 'network' });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
