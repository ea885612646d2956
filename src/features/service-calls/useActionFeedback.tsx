// Success in a ResultDialog (2 s), failure in the error toast with the catalogue's translated text.
import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultDialog } from '../../ui/ResultDialog';
import { showErrorToast } from '../../ui/errorToastStore';
import type { MessageKey } from '../../lib/validation/messages';
import { errorKeyOf } from '../../session/errorKey';

/** Catalogue messages (errors namespace) used when an action fails for a reason of its own. */
export type ActionErrorKey = MessageKey | 'errorSaving' | 'errorSubmittingReport' | 'errorReceiving' | 'errorUpdating' | 'errorClosingReferral';

export type RunAction = (work: () => Promise<unknown>, success: string, fallback: ActionErrorKey) => Promise<boolean>;

export function useActionFeedback(onSuccessClosed?: () => void): { run: RunAction; dialog: ReactNode; failed(error: unknown, fallback: ActionErrorKey): void } {
  const { t } = useTranslation(['serviceCalls', 'errors']);
  const [success, setSuccess] = useState<string | null>(null);
  const failed = useCallback(
    (error: unknown, fallback: ActionErrorKey) =>
      showErrorToast({ summary: t('serviceCalls:feedback.failed'), detail: t(errorKeyOf(error, `errors:${fallback}`)) }),
    [t],
  );
  const run = useCallback<RunAction>(
    async (work, text, fallback) => {
      try {
        await work();
        setSuccess(text);
        return true;
      } catch (error) {
        failed(error, fallback);
        return false;
      }
    },
    [failed],
  );
  const close = useCallback(() => {
    setSuccess(null);
    onSuccessClosed?.();
  }, [onSuccessClosed]);
  return { run, failed, dialog: <ResultDialog open={success !== null} message={success ?? ''} isSuccess onClose={close} /> };
}
