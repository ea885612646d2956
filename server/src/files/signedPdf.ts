// The signed PDF of a form: real text — the form's title, text, fields and values, the signer and the
// time, from the server's own template (signedFormTemplates.ts, routes/signedForms.ts), in any language,
// in the server's one PDF font family and bidi path that receipts use too (pdfFonts.ts, pdfText.ts) —
// with the drawn signature as an image.
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { embedPdfFonts } from './pdfFonts.ts';
import { drawLine, wrapText } from './pdfText.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.07, 0.09, 0.15);

type Meta = { title: string; signer: string; signedAt: Date };

export type FormText = {
  title: string;
  text: string;
  fields: readonly { label: string; value: string }[];
  /** Under the signature: who signed, who filed it for them, when. */
  closingLines: readonly string[];
  dir: 'rtl' | 'ltr';
};

async function newDocument(meta: Meta): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.signer);
  doc.setSubject('Signed form');
  doc.setProducer('Binyan');
  doc.setCreator('Binyan');
  doc.setCreationDate(meta.signedAt);
  doc.setModificationDate(meta.signedAt);
  return doc;
}

/** Where the next line goes: its page and height, moved down (and onto a new page) as lines are drawn. */
type Writer = { page: PDFPage; y: number };

function writeLines(doc: PDFDocument, at: Writer, text: string, font: PDFFont, size: number, dir: 'rtl' | 'ltr'): void {
  const lineHeight = size * 1.45;
  const box = { left: MARGIN, right: A4.width - MARGIN, dir };
  for (const line of wrapText(text, font, size, A4.width - 2 * MARGIN)) {
    if (at.y - lineHeight < MARGIN) {
      at.page = doc.addPage([A4.width, A4.height]);
      at.y = A4.height - MARGIN;
    }
    at.y -= lineHeight;
    drawLine(at.page, line, box, { font, size, y: at.y, at: 'start', color: INK });
  }
}

/** The signed form as text with the signature image (PNG or JPEG, as drawn on the device). */
export async function signedFormTextPdf(
  form: FormText,
  signature: { data: Buffer; format: 'png' | 'jpeg'; width: number; height: number },
  meta: Meta,
): Promise<Buffer> {
  const doc = await newDocument(meta);
  const { regular, bold } = await embedPdfFonts(doc, ['regular', 'bold']);
  const at: Writer = { page: doc.addPage([A4.width, A4.height]), y: A4.height - MARGIN };
  writeLines(doc, at, form.title, bold, 18, form.dir);
  at.y -= 10;
  writeLines(doc, at, form.text, regular, 11, form.dir);
  at.y -= 8;
  for (const field of form.fields) {
    at.y -= 4;
    writeLines(doc, at, field.label, bold, 11, form.dir);
    writeLines(doc, at, field.value || '—', regular, 11, form.dir);
  }
  const image = signature.format === 'png' ? await doc.embedPng(signature.data) : await doc.embedJpg(signature.data);
  const w = Math.min(220, signature.width);
  const h = (signature.height / signature.width) * w;
  if (at.y - h - 60 < MARGIN) {
    at.page = doc.addPage([A4.width, A4.height]);
    at.y = A4.height - MARGIN;
  }
  at.y -= h + 16;
  at.page.drawImage(image, { x: form.dir === 'rtl' ? A4.width - MARGIN - w : MARGIN, y: at.y, width: w, height: h });
  at.y -= 6;
  for (const line of form.closingLines) writeLines(doc, at, line, regular, 11, form.dir);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
