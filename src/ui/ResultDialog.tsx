import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';
import styles from './ResultDialog.module.css';

export const RESULT_DIALOG_TIMEOUT_MS = 2000;

export type ResultDialogProps = {
  open: boolean;
  message: string;
  isSuccess: boolean;
  showCloseBtn?: boolean;
  /** Closes by itself after this many ms (spec section 9: 2000); 0 keeps it open. */
  timeout?: number;
  onClose(): void;
};

/** The success/failed dialog of spec section 2. */
export function ResultDialog({ open, message, isSuccess, showCloseBtn = false, timeout = RESULT_DIALOG_TIMEOUT_MS, onClose }: ResultDialogProps) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!open || timeout <= 0) return;
    const timer = setTimeout(onClose, timeout);
    return () => clearTimeout(timer);
  }, [open, timeout, onClose]);
  return (
    <Modal open={open} onClose={onClose} actions={showCloseBtn ? <Button onClick={onClose}>{t('close')}</Button> : undefined}>
      <p className={styles.result} role="status">
        <span className={`${styles.icon} ${isSuccess ? styles.success : styles.failure}`} aria-hidden="true">
          {isSuccess ? '✓' : '!'}
        </span>
        <span className="visually-hidden">{isSuccess ? t('success') : t('failed')}</span>
        {message}
      </p>
    </Modal>
  );
}
