// The signed PDF of a form. Since issue 17 it is real text — the form's title, text, fields and values,
// the signer and the time, as the signer read them (any language; Hebrew right to left, in an embedded
// Hebrew font) — with the drawn signature as an image. Forms signed on a device before that arrive as
// one picture of the page, which becomes a one-image PDF as before.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { hasRtl, visualOrder } from './bidi.ts';
import { formFontFiles } from './formFonts.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const INK = rgb(0.07, 0.09, 0.15);

type Meta = { title: string; signer: string; signedAt: Date };

export type FormText = {
  title: string;
  text: string;
  fields: readonly { label: string; value: string }[];
  signerLine: string;
  signedLine: string;
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

/** A form signed before the text PDF: the picture of its page on one A4 page. */
export async function signedFormPdf(page: { data: Buffer; width: number; height: number }, meta: Meta): Promise<Buffer> {
  const doc = await newDocument(meta);
  const image = await doc.embedJpg(page.data);
  const scale = Math.min(A4.width / page.width, A4.height / page.height);
  const w = page.width * scale;
  const h = page.height * scale;
  doc.addPage([A4.width, A4.height]).drawImage(image, { x: (A4.width - w) / 2, y: A4.height - h, width: w, height: h });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

type Fonts = { latin: PDFFont; hebrew: PDFFont };

/** A visual-order line cut into pieces of one font each. */
function pieces(visual: string, fonts: Fonts): { text: string; font: PDFFont }[] {
  const out: { text: string; font: PDFFont }[] = [];
  for (const ch of visual) {
    const font = hasRtl(ch) ? fonts.hebrew : fonts.latin;
    const last = out.at(-1);
    if (last && last.font === font) last.text += ch;
    else out.push({ text: ch, font });
  }
  return out;
}

const widthOf = (text: string, fonts: Fonts, size: number) => pieces(text, fonts).reduce((w, p) => w + p.font.widthOfTextAtSize(p.text, size), 0);

function wrap(text: string, fonts: Fonts, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && widthOf(next, fonts, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

/** Draws text top-down from `y`, aligned to the side the language starts on, adding pages as needed; returns the next `y`. */
type Writer = { page: PDFPage; y: number };

function writeLines(doc: PDFDocument, at: Writer, text: string, fonts: Fonts, size: number, dir: 'rtl' | 'ltr'): void {
  const lineHeight = size * 1.45;
  for (const line of wrap(text, fonts, size, A4.width - 2 * MARGIN)) {
    if (at.y - lineHeight < MARGIN) {
      at.page = doc.addPage([A4.width, A4.height]);
      at.y = A4.height - MARGIN;
    }
    at.y -= lineHeight;
    const visual = visualOrder(line, dir === 'rtl' ? 'R' : 'L');
    let x = dir === 'rtl' ? A4.width - MARGIN - widthOf(visual, fonts, size) : MARGIN;
    for (const piece of pieces(visual, fonts)) {
      at.page.drawText(piece.text, { x, y: at.y, size, font: piece.font, color: INK });
      x += piece.font.widthOfTextAtSize(piece.text, size);
    }
  }
}

/** The signed form as text with the signature image (PNG or JPEG, as drawn on the device). */
export async function signedFormTextPdf(form: FormText, signature: { data: Buffer; format: 'png' | 'jpeg'; width: number; height: number }, meta: Meta): Promise<Buffer> {
  const doc = await newDocument(meta);
  doc.registerFontkit(fontkit);
  const files = await formFontFiles();
  const regular: Fonts = { latin: await doc.embedFont(files.latin, { subset: true }), hebrew: await doc.embedFont(files.hebrew, { subset: true }) };
  const bold: Fonts = { latin: await doc.embedFont(files.latinBold, { subset: true }), hebrew: await doc.embedFont(files.hebrewBold, { subset: true }) };
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
  writeLines(doc, at, form.signerLine, regular, 11, form.dir);
  writeLines(doc, at, form.signedLine, regular, 11, form.dir);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
