// The one font family of every PDF the server draws (receipts, signed forms): DejaVu Sans, regular and
// bold, from the npm package dejavu-fonts-ttf. One family has Hebrew, Latin and Cyrillic (and ₪), so a
// line in any of the app's languages, or a Hebrew name inside a Russian line, needs no second font.
// The files are read once per process; each PDF embeds the subset of glyphs it uses.
import fontkit from '@pdf-lib/fontkit';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export type PdfWeight = 'regular' | 'bold';
export type PdfFonts = Record<PdfWeight, PDFFont>;

const require = createRequire(import.meta.url);
const fileNames: Record<PdfWeight, string> = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' };

/**
 * Lines reach pdf-lib already in the order their glyphs are drawn (bidi.ts). fontkit's layout, left to
 * itself, reverses a whole line whose first letters are Hebrew a second time (numbers and all), so the
 * fonts are made to keep the order they are given.
 */
const drawnOrder: Parameters<PDFDocument['registerFontkit']>[0] = {
  create(bytes, postscriptName) {
    const font = fontkit.create(bytes, postscriptName);
    type Layout = typeof font.layout;
    // The typings leave out layout's further parameters: script, language and direction.
    const layout = font.layout.bind(font) as (
      text: string,
      features: Parameters<Layout>[1],
      script: undefined,
      language: undefined,
      direction: 'ltr',
    ) => ReturnType<Layout>;
    font.layout = (text, features) => layout(text, features, undefined, undefined, 'ltr');
    return font;
  },
};

let loaded: Promise<Record<PdfWeight, Buffer>> | null = null;

/** The font files themselves (for embedding, and for tests that ask which characters they cover). */
export function pdfFontFiles(): Promise<Record<PdfWeight, Buffer>> {
  loaded ??= (async () => {
    const folder = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const [regular, bold] = await Promise.all([readFile(path.join(folder, fileNames.regular)), readFile(path.join(folder, fileNames.bold))]);
    return { regular, bold };
  })();
  return loaded;
}

/** Embeds the family's weights the document uses (a weight never drawn is not embedded). */
export async function embedPdfFonts<W extends PdfWeight>(doc: PDFDocument, weights: readonly W[]): Promise<Record<W, PDFFont>> {
  doc.registerFontkit(drawnOrder);
  const files = await pdfFontFiles();
  const fonts = {} as Record<W, PDFFont>;
  for (const weight of weights) fonts[weight] = await doc.embedFont(files[weight], { subset: true });
  return fonts;
}
