// Every failure of a service-call action ends in a translated catalogue message (spec section 8).
import { isApiError } from '../../api/errors';
import { NotLoggedInError } from '../../sync/actor';
import type { MessageKey } from '../../lib/validation/messages';
import type { RuleFailure } from '../../lib/validation/rules';

/** Catalogue messages (errors namespace) used when an action fails for a reason of its own. */
export type ActionErrorKey = MessageKey | 'errorSaving' | 'errorReceiving' | 'errorUpdating' | 'errorClosingReferral';

type WithFailure = { failure: RuleFailure };

function hasFailure(error: unknown): error is WithFailure {
  if (typeof error !== 'object' || error === null || !('failure' in error)) return false;
  const failure = (error as { failure: unknown }).failure;
  return typeof failure === 'object' && failure !== null && 'messageKey' in failure;
}

/** The `errors:` key to show: the rule's or server's own message, else the action's fallback. */
export function errorKeyOf(error: unknown, fallback: ActionErrorKey): string {
  if (hasFailure(error)) return `errors:${error.failure.messageKey}`;
  if (error instanceof NotLoggedInError) return 'errors:sessionExpired';
  if (isApiError(error) && error.messageKey.startsWith('errors:') && error.messageKey !== 'errors:anErrorOccurred') return error.messageKey;
  return `errors:${fallback}`;
}

/** The field a rule failure belongs to, so the form can show it there. */
export function fieldOf(error: unknown): string | null {
  return hasFailure(error) ? error.failure.field : null;
}
