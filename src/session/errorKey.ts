// Every failure a screen shows ends in a translated catalogue message (spec section 8): the refused
// rule's, the server's own, a lost session, or else the action's fallback.
import { isApiError } from '../api/errors';
import { ruleFailureOf } from '../lib/validation/rules';
import { NotLoggedInError } from '../sync/write/actor';
import { StorageFullError } from '../sync/write/storageFull';

/** The `errors:` key to show for `error`; `fallback` is a full key (`errors:errorSaving`). */
export function errorKeyOf(error: unknown, fallback: string): string {
  const refused = ruleFailureOf(error);
  if (refused) return `errors:${refused.messageKey}`;
  if (error instanceof NotLoggedInError) return 'errors:sessionExpired';
  if (error instanceof StorageFullError) return 'errors:storageFull';
  if (isApiError(error) && error.messageKey.startsWith('errors:') && error.messageKey !== 'errors:anErrorOccurred') return error.messageKey;
  return fallback;
}
