// A payment's receipt as a PDF (issue 14), and a refund's credit document (issue 29), drawn by the server in the UI language: the tenant's history
// and receipt screen and the office's payments list all save it the same way. Needs the connection.
import { downloadServerFile } from './serverFile';

export async function downloadReceipt(paymentId: string, receiptNumber: number | null, language: string): Promise<void> {
  await downloadServerFile(
    `payments/${encodeURIComponent(paymentId)}/receipt.pdf?lang=${encodeURIComponent(language)}`,
    `receipt-${receiptNumber ?? paymentId}.pdf`,
  );
}

export async function downloadCredit(paymentId: string, refundId: string, creditNumber: number, language: string): Promise<void> {
  await downloadServerFile(
    `payments/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}/credit.pdf?lang=${encodeURIComponent(language)}`,
    `credit-${creditNumber}.pdf`,
  );
}
