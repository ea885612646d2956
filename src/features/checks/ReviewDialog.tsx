import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import { useFormats } from '../../ui/useFormats';
import styles from './Checks.module.css';
import { Alert } from '../../ui/Alert';

type Props = {
  errorText?: string | null;
  mismatch: boolean;
  debtsTotal: number;
  checksTotal: number;
  count: number;
  busy: boolean;
  onBack(): void;
  onSend(): void;
};

/** Review before sending; when the totals differ: 'Return to editing checks' or 'Send anyway'. */
export function ReviewDialog({ errorText = null, mismatch, debtsTotal, checksTotal, count, busy, onBack, onSend }: Props) {
  const { t } = useTranslation('checks');
  const f = useFormats();
  return (
    <Modal
      open
      role={mismatch ? 'alertdialog' : 'dialog'}
      title={t(mismatch ? 'review.mismatchTitle' : 'review.title')}
      onClose={onBack}
      actions={
        <>
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            {t(mismatch ? 'review.returnToEditing' : 'review.back')}
          </Button>
          <Button variant={mismatch ? 'danger' : 'primary'} onClick={onSend} disabled={busy} aria-busy={busy}>
            {t(mismatch ? 'review.sendAnyway' : 'review.send')}
          </Button>
        </>
      }
    >
      {errorText ? <Alert className={styles.error}>{errorText}</Alert> : null}
      {mismatch ? <p className={styles.alert}>{t('review.mismatchMessage')}</p> : <p>{t('review.message', { count })}</p>}
      <dl className={styles.facts}>
        <div>
          <dt>{t('review.debtsTotal')}</dt>
          <dd>{f.nis(debtsTotal)}</dd>
        </div>
        <div>
          <dt>{t('review.checksTotal')}</dt>
          <dd>{f.nis(checksTotal)}</dd>
        </div>
      </dl>
    </Modal>
  );
}
