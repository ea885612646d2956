import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissErrorToast, useErrorToastMessage } from './errorToastStore';
import styles from './ErrorToast.module.css';
import { Alert } from './Alert';

export const ERROR_TOAST_MS = 3000;

export type ErrorToastProps = {
  open: boolean;
  summary?: string;
  /** Defaults to 'An error occurred' (spec section 2). */
  detail?: string;
  duration?: number;
  onClose(): void;
};

/** Bottom end of the screen (bottom-right in LTR, bottom-left in RTL), gone after 3 s. */
export function ErrorToast({ open, summary, detail, duration = ERROR_TOAST_MS, onClose }: ErrorToastProps) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(onClose, duration);
    return () => clearTimeout(timer);
  }, [open, duration, onClose]);
  if (!open) return null;
  return (
    <Alert as="div" className={styles.toast}>
      <div className={styles.text}>
        <strong className={styles.summary}>{summary ?? t('common:error')}</strong>
        <span>{detail ?? t('errors:anErrorOccurred')}</span>
      </div>
      <button type="button" className={styles.close} aria-label={t('common:dismiss')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </Alert>
  );
}

/** Renders the toast requested through showErrorToast(). */
export function ErrorToastHost() {
  const message = useErrorToastMessage();
  return (
    <ErrorToast
      key={message?.id}
      open={message !== null}
      {...(message?.summary === undefined ? {} : { summary: message.summary })}
      {...(message?.detail === undefined ? {} : { detail: message.detail })}
      onClose={() => dismissErrorToast(message?.id)}
    />
  );
}
