// Turns a parsed answer (style 1 error body or style 2 APIResponseCode) into an ApiError, and checks a
// good answer against what the client relies on (src/lib/answers.ts).
import type { ZodMiniType } from 'zod/mini';
import { ApiError, SESSION_EXPIRED_CODE } from './errors';
import { isRecord } from '../lib/records';

type ErrorBody = { code?: unknown; message?: unknown; messageKey?: unknown; field?: unknown };

const messageKeyByStatus: Record<number, string> = {
  401: 'errors:sessionExpired',
  403: 'errors:forbidden',
  404: 'errors:notFound',
  409: 'errors:versionConflict',
  429: 'errors:tooManyRequests',
};

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function errorBodyOf(body: unknown): ErrorBody | undefined {
  return isRecord(body) && isRecord(body.error) ? body.error : undefined;
}

/** The APIResponseCode of a style 2 answer, if the body has one. */
export function apiResponseCodeOf(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  const code = body.APIResponseCode;
  if (typeof code === 'number') return code;
  if (typeof code === 'string' && code.trim() !== '' && Number.isFinite(Number(code))) return Number(code);
  return undefined;
}

/** Builds the error for an answer that failed: HTTP >= 400 and/or a non-zero APIResponseCode. */
export function answerError(status: number, body: unknown, text: string): ApiError {
  const code = apiResponseCodeOf(body);
  const err = errorBodyOf(body);
  const record = isRecord(body) ? body : {};
  const apiText = str(record.APIResponseText);
  const apiDescription = str(record.APIResponseDescription);
  const sessionExpired = status === 401 || code === SESSION_EXPIRED_CODE;

  const errorCode: number | string = sessionExpired
    ? SESSION_EXPIRED_CODE
    : code !== undefined && code !== 0
      ? code
      : (str(err?.code) ?? (status >= 400 ? status : 'BAD_RESPONSE'));
  const messageKey = sessionExpired ? 'errors:sessionExpired' : (str(err?.messageKey) ?? messageKeyByStatus[status] ?? 'errors:anErrorOccurred');
  const message = str(err?.message) ?? apiText ?? apiDescription ?? `HTTP ${status}`;
  const field = str(err?.field);

  return new ApiError({
    message,
    errorCode,
    errorDescription: apiDescription ?? str(err?.message) ?? message,
    responseText: apiText ?? text,
    status,
    messageKey,
    ...(field === undefined ? {} : { field }),
    ...(body === undefined ? {} : { body }),
  });
}

/**
 * The answer as its schema (src/lib/answers.ts) says the client may rely on; anything else becomes an
 * ApiError like any failed call, so no screen reads a field that is not there.
 */
export function answerOf<T>(schema: ZodMiniType<T>, body: unknown): T {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0];
  const where = issue?.path.join('.') || 'answer';
  throw new ApiError({
    message: 'unexpected answer',
    errorCode: 'BAD_RESPONSE',
    errorDescription: `${where}: ${issue?.message ?? 'unexpected'}`,
    messageKey: 'errors:anErrorOccurred',
    body,
  });
}
