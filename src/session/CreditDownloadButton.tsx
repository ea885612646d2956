import { useTranslation } from 'react-i18next';
import { FileDownloadButton } from './FileDownloadButton';
import { downloadCredit } from './receipts';

/** Saves a refund's credit document as a PDF in the UI language (the tenant's history); needs the connection. */
export function CreditDownloadButton({ paymentId, refundId, creditNumber }: { paymentId: string; refundId: string; creditNumber: number }) {
  const { t } = useTranslation('ledger');
  return (
    <FileDownloadButton
      label={t('ledger:downloadCredit', { number: creditNumber })}
      download={(language) => downloadCredit(paymentId, refundId, creditNumber, language)}
    />
  );
}
