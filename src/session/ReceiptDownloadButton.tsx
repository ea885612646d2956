import { useTranslation } from 'react-i18next';
import { FileDownloadButton } from './FileDownloadButton';
import { downloadReceipt } from './receipts';

/** Saves a payment's receipt as a PDF in the UI language (the tenant's history, the office's list); needs the connection. */
export function ReceiptDownloadButton({ paymentId, receiptNumber }: { paymentId: string; receiptNumber: number }) {
  const { t } = useTranslation('ledger');
  return (
    <FileDownloadButton
      label={t('ledger:downloadReceipt', { number: receiptNumber })}
      download={(language) => downloadReceipt(paymentId, receiptNumber, language)}
    />
  );
}
