// A payment's receipt as a PDF (issue 14), drawn by the server in the UI language: the tenant's history
// and receipt screen and the office's payments list all save it the same way. Needs the connection.
import { answerError } from '../api/answers';
import { downloadBlob } from '../ui/download';
import { api, callWithRelogin } from './api';

export async function downloadReceipt(paymentId: string, receiptNumber: number | null, language: string): Promise<void> {
  const blob = await callWithRelogin(async () => {
    const response = await api.raw('GET', `payments/${encodeURIComponent(paymentId)}/receipt.pdf?lang=${encodeURIComponent(language)}`, undefined, { timeoutMs: 30_000 });
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        // not JSON: the status alone says it
      }
      throw answerError(response.status, body, text);
    }
    return response.blob();
  });
  downloadBlob(`receipt-${receiptNumber ?? paymentId}.pdf`, blob);
}
