import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { receiptLanguages, receiptTexts } from '../payments/receiptTexts.ts';
import { pdfLines } from '../../test/pdfContent.ts';
import { embedPdfFonts, pdfFontFiles } from './pdfFonts.ts';
import { drawLine } from './pdfText.ts';

const alphabets =
  'אבגדהוזחטיכךלמםנןסעפףצץקרשת' +
  'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя' +
  'AZaz0123456789ÀÂÇÉÈÊËÎÏÔÙÛÜŸàâçéèêëîïôùûüÿœæ' +
  '₪€—–’“”…«»\u00A0×·%/.,:';

const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'function'
      ? [String((value as (...a: string[]) => string)('1', '2', '3'))]
      : typeof value === 'object' && value
        ? Object.values(value).flatMap(textsOf)
        : [];

describe('the PDF font family', () => {
  it('has a glyph for Hebrew, Latin (French too), Cyrillic and ₪, and for every word of a receipt in each language, in both weights', async () => {
    const files = await pdfFontFiles();
    for (const [weight, bytes] of Object.entries(files)) {
      const font = fontkit.create(bytes);
      const chars = new Set([...alphabets, ...receiptLanguages.flatMap((l) => textsOf(receiptTexts[l])).join('')]);
      const missing = [...chars].filter((c) => c.trim() !== '' && !font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0));
      expect(missing, weight).toEqual([]);
    }
  });

  it('draws a line that starts in Hebrew in the order bidi.ts gives, not reversed again by the font', async () => {
    const doc = await PDFDocument.create();
    const { regular } = await embedPdfFonts(doc, ['regular']);
    const page = doc.addPage();
    drawLine(page, 'קבלה 1003', { left: 50, right: 500, dir: 'rtl' }, { font: regular, size: 11, y: 700, at: 'start', color: rgb(0, 0, 0) });
    drawLine(page, 'Квитанция 1003, משה', { left: 50, right: 500, dir: 'ltr' }, { font: regular, size: 11, y: 680, at: 'start', color: rgb(0, 0, 0) });
    expect(await pdfLines(await doc.save())).toEqual(['1003 הלבק', 'Квитанция 1003, השמ']);
  });
});
