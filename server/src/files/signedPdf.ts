// The signed PDF of a form: one A4 page holding the picture of the filled and signed form (drawn on the
// device, so any language's text looks as the signer saw it). Its dates are the signing time, so the
// same form always gives the same bytes: a repeated request stores nothing new.
import { PDFDocument } from 'pdf-lib';

const A4 = { width: 595.28, height: 841.89 };

export async function signedFormPdf(page: { data: Buffer; width: number; height: number }, meta: { title: string; signer: string; signedAt: Date }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.signer);
  doc.setSubject('Signed form');
  doc.setProducer('Binyan');
  doc.setCreator('Binyan');
  doc.setCreationDate(meta.signedAt);
  doc.setModificationDate(meta.signedAt);
  const image = await doc.embedJpg(page.data);
  const scale = Math.min(A4.width / page.width, A4.height / page.height);
  const w = page.width * scale;
  const h = page.height * scale;
  doc.addPage([A4.width, A4.height]).drawImage(image, { x: (A4.width - w) / 2, y: A4.height - h, width: w, height: h });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
