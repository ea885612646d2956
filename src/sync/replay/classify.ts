// Every answer to a replayed entry ends in exactly one of these verdicts (architecture, "Every response
// is classified, never dropped"). Pure: the engine decides what each verdict does to the outbox.
import { apiResponseCodeOf } from '../../api/answers';
import { style2Outcome } from '../../api/style2';
import { isRecord } from '../../lib/records';

/** Values of the reason's placeholders (`errors:fileTooLarge` → `{ size: '4 MB' }`). */
export type MessageParams = Record<string, string | number>;

export type Verdict =
  | { kind: 'applied'; status: number; record: Record<string, unknown> | null; body: Record<string, unknown> }
  | { kind: 'auth'; status: number }
  | { kind: 'conflict'; status: number; current: Record<string, unknown> | null; messageKey: string; message: string }
  | { kind: 'rejected'; status: number; messageKey: string; message: string; code?: string; field?: string; params?: MessageParams }
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; reason: RetryReason; message: string };

/** `device`: the answer came but could not be stored on the device (it goes again, with backoff). */
export type RetryReason = 'server' | 'rateLimited' | 'network' | 'timeout' | 'notEchoed' | 'device';

export type Answer = {
  status: number;
  /** Header lookup (case-insensitive, like `Headers.get`). */
  header(name: string): string | null;
  text: string;
};

/** An answer whose body was already read as JSON (a batch's part): the body, or null when it was not an object. */
export type ParsedAnswer = Omit<Answer, 'text'> & { body: Record<string, unknown> | null };

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function paramsOf(value: unknown): MessageParams | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** `Retry-After` in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, nowMs: number): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

export function classifyAnswer(answer: Answer, key: string, nowMs = Date.now()): Verdict {
  return classifyParsed({ status: answer.status, header: answer.header, body: parse(answer.text) }, key, nowMs);
}

export function classifyParsed(answer: ParsedAnswer, key: string, nowMs = Date.now()): Verdict {
  const { status, body } = answer;
  const error = isRecord(body?.error) ? body.error : undefined;
  const messageKey = str(error?.messageKey) ?? 'errors:anErrorOccurred';
  const message = str(error?.message) ?? str(body?.APIResponseText) ?? `HTTP ${status}`;
  const code = apiResponseCodeOf(body);
  const retryAfter = retryAfterMs(answer.header('Retry-After'), nowMs);
  const field = str(error?.field);
  const params = paramsOf(error?.params);
  const details = { ...(field === undefined ? {} : { field }), ...(params === undefined ? {} : { params }) };

  if (status === 401 || code === -1) return { kind: 'auth', status };
  if (status === 429) return { kind: 'retry', status, retryAfterMs: retryAfter, reason: 'rateLimited', message };
  if (status === 408 || status >= 500 || status < 200) {
    return { kind: 'retry', status, retryAfterMs: retryAfter, reason: 'server', message };
  }
  // Style 2 answers a refusal with HTTP 200 and a non-zero code: read the code before the echo, or a
  // refused upload would look like a portal page and be retried forever.
  const outcome = style2Outcome(code);
  if (outcome === 'rateLimited') return { kind: 'retry', status, retryAfterMs: retryAfter, reason: 'rateLimited', message };
  if (outcome === 'refused') return { kind: 'rejected', status, messageKey, message, code: String(code), ...details };
  if (status >= 200 && status < 300) {
    const echoed = answer.header('Idempotency-Key') === key || str(body?.idempotencyKey) === key;
    // A 2xx without our key is not the API (captive portal, proxy page): the change is not applied.
    if (!echoed || body === null)
      return { kind: 'retry', status, retryAfterMs: retryAfter, reason: 'notEchoed', message: 'answer without the idempotency key' };
    return { kind: 'applied', status, record: isRecord(body.record) ? body.record : null, body };
  }
  if (status === 409) {
    return { kind: 'conflict', status, current: isRecord(body?.current) ? body.current : null, messageKey, message };
  }
  if (status >= 400 && error === undefined && body === null) {
    // A 4xx page that is not the API's JSON (a proxy or portal): the server never judged the change.
    return { kind: 'retry', status, retryAfterMs: retryAfter, reason: 'notEchoed', message: `HTTP ${status} without an API answer` };
  }
  const errorCode = str(error?.code);
  return { kind: 'rejected', status, messageKey, message, ...(errorCode === undefined ? {} : { code: errorCode }), ...details };
}

/** A thrown transport failure (ApiError TIMEOUT / NETWORK, or anything else fetch threw). */
export function classifyFailure(error: unknown): Verdict {
  const code = isRecord(error) ? error.errorCode : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'retry', status: null, retryAfterMs: null, reason: code === 'TIMEOUT' ? 'timeout' : 'network', message };
}
