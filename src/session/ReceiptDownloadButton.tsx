import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { useOnline } from '../ui/useOnline';
import styles from '../ui/fieldScreens.module.css';
import { errorKeyOf } from './errorKey';
import { downloadReceipt } from './receipts';

/** Saves a payment's receipt as a PDF in the UI language (the tenant's history, the office's list); needs the connection. */
export function ReceiptDownloadButton({ paymentId, receiptNumber }: { paymentId: string; receiptNumber: number }) {
  const { t, i18n } = useTranslation(['ledger', 'errors']);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadReceipt(paymentId, receiptNumber, i18n.language);
    } catch (e) {
      setError(errorKeyOf(e, 'errors:errorReceiving'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" onClick={() => void download()} disabled={!online || busy} aria-busy={busy}>
        {t('ledger:downloadReceipt', { number: receiptNumber })}
      </Button>
      {error ? (
        <span className={styles.error} role="alert">
          {t(error)}
        </span>
      ) : null}
    </>
  );
}
