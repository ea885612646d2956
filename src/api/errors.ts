// The one error type every API failure becomes (spec section 8): style 2 fields
// (errorCode / errorDescription / responseText) plus an i18n key the UI translates.

export type ApiErrorInit = {
  message: string;
  errorCode: number | string;
  errorDescription?: string;
  responseText?: string;
  status?: number | null;
  messageKey: string;
  field?: string;
  body?: unknown;
  cause?: unknown;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly errorCode: number | string;
  readonly errorDescription: string;
  readonly responseText: string;
  readonly status: number | null;
  readonly messageKey: string;
  readonly field?: string;
  readonly body?: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.errorCode = init.errorCode;
    this.errorDescription = init.errorDescription ?? init.message;
    this.responseText = init.responseText ?? '';
    this.status = init.status ?? null;
    this.messageKey = init.messageKey;
    if (init.field !== undefined) this.field = init.field;
    if (init.body !== undefined) this.body = init.body;
  }
}

export const SESSION_EXPIRED_CODE = -1;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** API code -1 or HTTP 401: the caller's token is gone (spec section 4). */
export function isSessionExpired(error: unknown): boolean {
  return isApiError(error) && error.errorCode === SESSION_EXPIRED_CODE;
}

/** A failure worth asking again soon: no answer, no connection, a busy or failing server. */
export function isTransientApiError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.errorCode === 'TIMEOUT' || error.errorCode === 'NETWORK') return true;
  return error.status !== null && (error.status === 429 || error.status >= 500);
}

export function timeoutError(timeoutMs: number): ApiError {
  return new ApiError({
    message: 'connection timeout',
    errorCode: 'TIMEOUT',
    errorDescription: `no answer within ${timeoutMs} ms`,
    messageKey: 'errors:connectionTimeout',
  });
}

export function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return new ApiError({
    message: 'network error',
    errorCode: 'NETWORK',
    errorDescription: detail,
    messageKey: 'errors:anErrorOccurred',
    cause,
  });
}

export function badJsonError(status: number, text: string, cause: unknown): ApiError {
  return new ApiError({
    message: 'invalid JSON in response',
    errorCode: 'BAD_JSON',
    errorDescription: cause instanceof Error ? cause.message : 'invalid JSON',
    responseText: text,
    status,
    messageKey: 'errors:anErrorOccurred',
    cause,
  });
}
