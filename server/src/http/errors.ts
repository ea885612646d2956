import type { UploadRefusal } from '../../../src/lib/uploadLimits.ts';
import type { RuleFailure } from '../../../src/lib/validation/rules.ts';
import type { MessageKey } from '../../../src/lib/validation/messages.ts';
import { errorKey, messages } from '../../../src/lib/validation/messages.ts';

export type ErrorOptions = {
  field?: string;
  /** Extra top-level body fields, e.g. `current` on a version conflict. */
  extra?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Values of the message's placeholders (`{{size}}`), sent as `error.params` for the client's translation. */
  params?: Record<string, string | number>;
};

function interpolate(text: string, params: Record<string, string | number> | undefined): string {
  return params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageKey: MessageKey;
  readonly options: ErrorOptions;

  constructor(status: number, code: string, messageKey: MessageKey, options: ErrorOptions = {}) {
    super(interpolate(messages[messageKey], options.params));
    this.status = status;
    this.code = code;
    this.messageKey = messageKey;
    this.options = options;
  }

  body(): Record<string, unknown> {
    const error: Record<string, unknown> = { code: this.code, message: this.message, messageKey: errorKey(this.messageKey) };
    if (this.options.field !== undefined) error.field = this.options.field;
    if (this.options.params !== undefined) error.params = this.options.params;
    return { error, ...this.options.extra };
  }
}

export const fail = {
  validation: (f: RuleFailure) => new ApiError(422, 'VALIDATION', f.messageKey, { field: f.field }),
  /** A business-rule refusal carries its own code (the message key in SCREAMING_SNAKE form). */
  rule: (f: RuleFailure, extra?: Record<string, unknown>) =>
    new ApiError(422, f.messageKey.replace(/([A-Z])/g, '_$1').toUpperCase(), f.messageKey, { field: f.field, ...(extra ? { extra } : {}) }),
  notFound: () => new ApiError(404, 'NOT_FOUND', 'notFound'),
  forbidden: () => new ApiError(403, 'FORBIDDEN', 'forbidden'),
  sessionExpired: () => new ApiError(401, 'SESSION_EXPIRED', 'sessionExpired'),
  conflict: (current: unknown) => new ApiError(409, 'VERSION_CONFLICT', 'versionConflict', { extra: { current } }),
  exists: (current: unknown) => new ApiError(409, 'ALREADY_EXISTS', 'alreadyExists', { extra: { current } }),
  /** A create whose client id a record the caller may not see already has: refused, nothing of that record shown. */
  idTaken: () => new ApiError(409, 'ALREADY_EXISTS', 'alreadyExists'),
  tooMany: (retryAfterSeconds?: number) =>
    new ApiError(429, 'TOO_MANY_REQUESTS', 'tooManyRequests', retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(retryAfterSeconds) } }),
  /** Over a limit of src/lib/uploadLimits.ts; the limit travels in `error.params` for the translated text. */
  upload: (r: UploadRefusal) =>
    r.messageKey === 'fileTooLarge'
      ? new ApiError(413, 'FILE_TOO_LARGE', r.messageKey, { field: 'base64String', params: r.params })
      : new ApiError(422, 'TOO_MANY_FILES', r.messageKey, { field: 'base64String', params: r.params }),
  badRequest: (messageKey: MessageKey = 'missingDetailsToContinue', field?: string) =>
    new ApiError(400, 'BAD_REQUEST', messageKey, field === undefined ? {} : { field }),
};

/** Throws the failure of a shared rule as a 422. */
export function enforce(failure: RuleFailure | null, asRule = false): void {
  if (failure) throw asRule ? fail.rule(failure) : fail.validation(failure);
}
