import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultDialog } from '../../ui/ResultDialog';
import styles from './Checks.module.css';
import { Alert } from '../../ui/Alert';

type Props = { errorKey: string | null; errorParams?: Record<string, string | number> | null; noticeKey: string | null; onNoticeClosed(): void };

/** The flow's failure (translated spec message, stays until the next step) and success dialog. */
export function FlowMessages({ errorKey, errorParams = null, noticeKey, onNoticeClosed }: Props) {
  const { t } = useTranslation(['checks', 'errors']);
  const close = useCallback(() => onNoticeClosed(), [onNoticeClosed]);
  return (
    <>
      {errorKey ? <Alert className={styles.error}>{t(errorKey, errorParams ?? {})}</Alert> : null}
      <ResultDialog open={noticeKey !== null} message={noticeKey ? t(noticeKey) : ''} isSuccess onClose={close} />
    </>
  );
}
