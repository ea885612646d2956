// A payment's receipt as a PDF (issue 14), drawn by the server in the UI language: the tenant's history
// and receipt screen and the office's payments list all save it the same way. Needs the connection.
import { downloadServerFile } from './serverFile';

export async function downloadReceipt(paymentId: string, receiptNumber: number | null, language: string): Promise<void> {
  await downloadServerFile(`payments/${encodeURIComponent(paymentId)}/receipt.pdf?lang=${encodeURIComponent(language)}`, `receipt-${receiptNumber ?? paymentId}.pdf`);
}
