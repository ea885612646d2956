import { useTranslation } from 'react-i18next';
import styles from '../../ui/fieldScreens.module.css';
import type { InvoiceCapture } from './useInvoiceCapture';
import { Alert } from '../../ui/Alert';

type Props = { legend: string; capture: InvoiceCapture; onFile(file: File | undefined): void };

/** Camera, gallery or PDF for an invoice or a quote, with its preview, progress and refusal. */
export function InvoiceField({ legend, capture, onFile }: Props) {
  const { t } = useTranslation(['books', 'errors']);
  return (
    <>
      <fieldset className={styles.fieldset}>
        <legend>{legend}</legend>
        <label className={styles.fileButton}>
          <input type="file" accept="image/*" capture="environment" onChange={(e) => onFile(e.target.files?.[0])} />
          {t('books:invoice.camera')}
        </label>
        <label className={styles.fileButton}>
          <input type="file" accept="image/*,application/pdf" onChange={(e) => onFile(e.target.files?.[0])} />
          {t('books:invoice.file')}
        </label>
      </fieldset>
      {capture.state === 'working' ? (
        <div role="status">
          <span>{t('books:invoice.working')}</span>
          <progress className={styles.progress} aria-label={t('books:invoice.working')} />
        </div>
      ) : null}
      {capture.state === 'ready' ? (
        capture.url ? (
          <img className={styles.preview} src={capture.url} alt={t('books:invoice.preview')} />
        ) : (
          <p className={styles.muted}>{t('books:invoice.pdfReady', { name: capture.name })}</p>
        )
      ) : null}
      {capture.state === 'failed' ? <Alert className={styles.error}>{t(capture.messageKey, capture.params ?? {})}</Alert> : null}
    </>
  );
}
