// A refused local change of the check payment (same shared rules as the server), and the translated
// message of any failure of the flow.
import { isApiError } from '../../api/errors';
import type { RuleFailure, RuleResult } from '../../lib/validation/rules';

/** A rule's failure; `params` fill the message's placeholders (e.g. the size limit of a photo). */
export type FlowFailure = RuleFailure & { params?: Record<string, string | number> };

export class CheckRuleError extends Error {
  override readonly name = 'CheckRuleError';
  constructor(readonly failure: FlowFailure) {
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

export function errorParamsOf(error: unknown): Record<string, string | number> | null {
  return error instanceof CheckRuleError ? (error.failure.params ?? null) : null;
}
