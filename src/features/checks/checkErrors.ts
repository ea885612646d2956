// A refused local change of the check payment (same shared rules as the server), and the translated
// message of any failure of the flow.
import { isApiError } from '../../api/errors';
import type { RuleFailure, RuleResult } from '../../lib/validation/rules';

export class CheckRuleError extends Error {
  override readonly name = 'CheckRuleError';
  constructor(readonly failure: RuleFailure) {
    super(failure.messageKey);
  }
}

export function refuse(failure: RuleResult): void {
  if (failure) throw new CheckRuleError(failure);
}

/** `errors:<key>` of a failure: the rule's or the server's own message, else the step's fallback. */
export function errorKeyOf(error: unknown, fallback: string): string {
  if (error instanceof CheckRuleError) return `errors:${error.failure.messageKey}`;
  if (isApiError(error) && error.messageKey.startsWith('errors:') && error.messageKey !== 'errors:anErrorOccurred') return error.messageKey;
  return fallback;
}
