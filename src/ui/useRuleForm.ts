import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleFailure } from '../lib/validation/rules';
import { ruleFailureOf } from '../lib/validation/rules';

/**
 * A form saved through a repository that checks the shared rules (src/lib): a refused rule is shown
 * with its field, any other failure goes to `onFailed`; `busy` while saving.
 */
export function useRuleForm(onFailed: () => void) {
  const { t } = useTranslation('errors');
  const [failure, setFailure] = useState<RuleFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const failureMessage = failure ? t(`errors:${failure.messageKey}`) : null;
  return {
    failure,
    setFailure,
    busy,
    /** The refused rule's text, whatever its field. */
    failureMessage,
    /** The refused rule's text when it is about `field`. */
    errorOf: (field: string) => (failure?.field === field ? failureMessage : null),
    /** The refused rule's text when no control of `shownFields` shows it already. */
    errorBesides: (shownFields: readonly string[]) => (failure && !shownFields.includes(failure.field) ? failureMessage : null),
    async save(action: () => Promise<void>) {
      setBusy(true);
      try {
        await action();
      } catch (e) {
        const refused = ruleFailureOf(e);
        if (refused) setFailure(refused);
        else onFailed();
      } finally {
        setBusy(false);
      }
    },
  };
}
