// The success dialog of an action (spec 2: closes by itself after 2 s) and the error toast (3 s).
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ruleFailureOf } from '../lib/validation/rules';
import { showErrorToast } from './errorToastStore';

export function useResult() {
  const { t } = useTranslation(['common', 'errors']);
  const [success, setSuccess] = useState<string | null>(null);
  const close = useCallback(() => setSuccess(null), []);
  const fail = useCallback((detailKey: string) => showErrorToast({ summary: t('common:error'), detail: t(detailKey) }), [t]);
  /** Runs an action: its success text in the dialog, or the refused rule's message (else `fallbackKey`) in the toast. */
  const run = useCallback(
    async (action: () => Promise<unknown>, successText: string, fallbackKey: string) => {
      try {
        await action();
        setSuccess(successText);
      } catch (error) {
        const refused = ruleFailureOf(error);
        fail(refused ? `errors:${refused.messageKey}` : fallbackKey);
      }
    },
    [fail],
  );
  /** A form dialog's outcome: saved closes it and shows its text (the dialog's own, else `savedText`); failed, the toast. */
  const dialogOutcome = (closeDialog: () => void, savedText = '') => ({
    onSaved(message?: string) {
      closeDialog();
      setSuccess(message ?? savedText);
    },
    onFailed: () => fail('errors:anErrorOccurred'),
  });
  return { success, succeed: setSuccess, close, fail, run, dialogOutcome };
}
