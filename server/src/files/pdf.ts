// A PDF upload is kept as sent (it is not re-rendered like an image), so it must at least be a whole
// PDF that a reader opens: its header, and a document pdf-lib can parse.
import { PDFDocument } from 'pdf-lib';

export async function isWholePdf(data: Buffer): Promise<boolean> {
  if (data.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  try {
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}
