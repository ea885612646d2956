import type { z } from 'zod';
import type { MessageKey } from '../../../src/lib/validation/messages.ts';
import { isMessageKey } from '../../../src/lib/validation/messages.ts';
import { ApiError } from './errors.ts';

type Issue = z.core.$ZodIssue;

function keyOf(issue: Issue): MessageKey {
  // A schema that names its refusal (src/lib/calendarSchemas.ts: invalidDate, invalidTime) is answered with it.
  if (isMessageKey(issue.message)) return issue.message;
  const field = String(issue.path[issue.path.length - 1] ?? '');
  if (issue.code === 'invalid_type' && issue.expected === 'number') return 'invalidNumber';
  if (issue.code === 'invalid_format' || /Date$|At$/.test(field)) {
    if (/Date$|At$/.test(field)) return 'invalidDate';
  }
  if (issue.code === 'too_small' && issue.origin === 'number') return 'invalidNumber';
  return 'requiredField';
}

/** Shape validation at the edge; content rules come from src/lib (validation/rules.ts, domain/*Rules.ts). */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  throw new ApiError(422, 'VALIDATION', issue ? keyOf(issue) : 'requiredField', field ? { field } : {});
}
