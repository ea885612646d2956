// What a reader gets out of a PDF the server made: its text lines as drawn and the names of the fonts it
// embeds.
import { PDFDocument, PDFName } from 'pdf-lib';
import { visualLine } from '../src/files/bidi.ts';

/**
 * Every drawn line's text in the order its glyphs are drawn, as pdf.js reads them (each glyph's Unicode
 * from the font's map). pdf.js's own text extraction would reorder right-to-left text by its own guess;
 * the drawn order is what the page shows, left to right.
 */
export async function pdfLines(bytes: Uint8Array): Promise<string[]> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const ops = await (await pdf.getPage(n)).getOperatorList();
    ops.fnArray.forEach((fn, i) => {
      if (fn !== OPS.showText) return;
      const glyphs = (ops.argsArray[i] as unknown[][])[0] ?? [];
      const text = glyphs.map((g) => (typeof g === 'object' && g !== null && 'unicode' in g ? String(g.unicode) : '')).join('');
      if (text.trim() !== '') lines.push(plain(text));
    });
  }
  return lines;
}

/** The BaseFont of every font the PDF embeds, without the tag a subset gets (pdf-lib: -1234; others: ABCDEF+). */
export async function pdfFontNames(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = doc.context
    .enumerateIndirectObjects()
    .map(([, o]) => (o as { get?: (n: PDFName) => unknown }).get?.(PDFName.of('BaseFont')))
    .filter((n) => n !== undefined)
    .map((n) =>
      String(n)
        .replace(/^\/([A-Z]{6}\+)?/, '')
        .replace(/-\d+$/, ''),
    );
  return [...new Set(names)].sort();
}

/** Whitespace (no-break spaces included) made plain, invisible direction marks dropped. */
export const plain = (text: string) =>
  text
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** A line as pdfLines reads it back: as bidi.ts lays it out for a paragraph of that direction. */
export const drawn = (text: string, dir: 'rtl' | 'ltr') => plain(visualLine(text, dir));
