// Lines of text on a PDF page, the same for receipts and signed forms: each line goes through the one
// bidi path (bidi.ts visualLine) and is placed at the start or the end of the line as its paragraph's
// direction says (the start is the right edge in Hebrew).
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import { visualLine } from './bidi.ts';

export type LineBox = { left: number; right: number; dir: 'rtl' | 'ltr' };

/** Draws one logical line at height `y`, at the start or the end of the box. */
export function drawLine(
  page: PDFPage,
  text: string,
  box: LineBox,
  style: { font: PDFFont; size: number; y: number; at: 'start' | 'end'; color: Color },
): void {
  const shown = visualLine(text, box.dir);
  const atLeft = (style.at === 'start') !== (box.dir === 'rtl');
  const x = atLeft ? box.left : box.right - style.font.widthOfTextAtSize(shown, style.size);
  page.drawText(shown, { x, y: style.y, size: style.size, font: style.font, color: style.color });
}

/** A text's paragraphs cut into lines at spaces so that each fits the width. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}
