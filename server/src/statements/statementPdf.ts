// An apartment's yearly statement as a PDF (issue 29 item 7): the balance carried in, each charge,
// payment, refund, bounced check and credit of the year with the balance after it, the totals and the closing balance,
// in the reader's language — in the receipts' font family (files/pdfFonts.ts) and through the one bidi
// path (files/pdfText.ts), so Hebrew runs right to left with its numbers and dates the right way round.
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { nisOf } from '../../../src/lib/agorot.ts';
import { formatDisplayDate } from '../../../src/lib/dates.ts';
import type { ApartmentStatement, StatementLine } from '../../../src/lib/domain/statements.ts';
import { formatNis } from '../../../src/lib/money.ts';
import type { PdfFonts } from '../files/pdfFonts.ts';
import { embedPdfFonts } from '../files/pdfFonts.ts';
import type { LineBox } from '../files/pdfText.ts';
import { drawLine } from '../files/pdfText.ts';
import type { ReceiptLanguage } from '../payments/receiptTexts.ts';
import type { StatementTexts } from './statementTexts.ts';
import { statementTexts } from './statementTexts.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const ROW = 17;

export type StatementFacts = {
  year: number;
  statement: ApartmentStatement;
  apartment: { number: string; address: string; city: string };
  /** The day the statement is made (yyyy-mm-dd), printed on it. */
  madeOn: string;
  /** When the PDF says it was made, so the same statement gives the same bytes. */
  madeAt: Date;
};

/** Cuts a text to fit a width, with an ellipsis. */
function truncateToWidth(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

type Column = 'date' | 'description' | 'amount' | 'balance';

/** The columns of the table from the start of the line (the right edge in Hebrew): date, description, amount, balance. */
function columns(rtl: boolean): Record<Column, LineBox> {
  const dir = rtl ? 'rtl' : 'ltr';
  const box = (from: number, to: number): LineBox =>
    rtl ? { left: A4.width - MARGIN - to, right: A4.width - MARGIN - from, dir } : { left: MARGIN + from, right: MARGIN + to, dir };
  return { date: box(0, 70), description: box(70, 325), amount: box(325, 410), balance: box(410, 495) };
}

class Pages {
  private page: PDFPage;
  private y = A4.height - MARGIN;
  readonly pages: PDFPage[] = [];
  private readonly box: LineBox;
  private readonly cols: ReturnType<typeof columns>;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: PdfFonts,
    private readonly t: StatementTexts,
    rtl: boolean,
  ) {
    this.box = { left: MARGIN, right: A4.width - MARGIN, dir: rtl ? 'rtl' : 'ltr' };
    this.cols = columns(rtl);
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.pages.push(page);
    this.page = page;
    this.y = A4.height - MARGIN;
    return page;
  }

  /** Room for `height` more points on this page, or a new page with the table's header again. */
  private room(height: number, header: boolean): void {
    if (this.y - height >= MARGIN + 20) return;
    this.newPage();
    if (header) this.tableHeader();
  }

  private text(text: string, box: LineBox, size: number, at: 'start' | 'end', bold = false, gray = false): void {
    drawLine(this.page, text, box, {
      font: bold ? this.fonts.bold : this.fonts.regular,
      size,
      y: this.y,
      at,
      color: gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0),
    });
  }

  heading(text: string): void {
    this.text(text, this.box, 20, 'start', true);
    this.y -= 30;
  }

  line(text: string, size = 11, gray = false): void {
    this.room(size + 8, false);
    this.text(text, this.box, size, 'start', false, gray);
    this.y -= size + 8;
  }

  pair(label: string, value: string, size = 11, bold = false): void {
    this.room(size + 8, false);
    this.text(label, this.box, size, 'start', bold);
    this.text(value, this.box, size, 'end', bold);
    this.y -= size + 8;
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 6 }, end: { x: A4.width - MARGIN, y: this.y + 6 }, thickness: 0.6, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 10;
  }

  tableHeader(): void {
    const c = this.t.columns;
    this.text(c.date, this.cols.date, 10, 'start', true);
    this.text(c.description, this.cols.description, 10, 'start', true);
    this.text(c.amount, this.cols.amount, 10, 'end', true);
    this.text(c.balance, this.cols.balance, 10, 'end', true);
    this.y -= ROW;
    this.rule();
  }

  tableRow(date: string, description: string, amount: string, balance: string): void {
    this.room(ROW, true);
    const width = this.cols.description.right - this.cols.description.left - 8;
    this.text(date, this.cols.date, 10, 'start');
    this.text(truncateToWidth(description, this.fonts.regular, 10, width), this.cols.description, 10, 'start');
    this.text(amount, this.cols.amount, 10, 'end');
    this.text(balance, this.cols.balance, 10, 'end');
    this.y -= ROW;
  }

  /** "Page n of m" at the foot of every page, once all are drawn. */
  footers(): void {
    this.pages.forEach((page, i) => {
      drawLine(page, this.t.page(i + 1, this.pages.length), this.box, {
        font: this.fonts.regular,
        size: 8,
        y: MARGIN - 20,
        at: 'end',
        color: rgb(0.35, 0.35, 0.35),
      });
    });
  }
}

function lineText(l: StatementLine, t: StatementTexts): string {
  const e = l.entry;
  const text = e.descriptionKey ? t.text[e.descriptionKey](e.descriptionParams ?? {}) : e.description;
  const what = e.kind === 'charge' && e.debtKind ? t.debtKinds[e.debtKind] : t.kinds[l.kind];
  // A posted text that already names what the row is ("Bounced check 4711") is not prefixed again.
  if (e.descriptionKey && what && text.trim().startsWith(what)) return text.trim();
  return [what, text].filter((part) => part !== undefined && part.trim() !== '').join(': ');
}

export async function statementPdf(facts: StatementFacts, language: ReceiptLanguage): Promise<Buffer> {
  const t = statementTexts[language];
  const s = facts.statement;
  const money = (agorot: number) => formatNis(nisOf(agorot), language);
  const doc = await PDFDocument.create();
  const fonts = await embedPdfFonts(doc, ['regular', 'bold']);
  doc.setTitle(t.title(facts.year));
  doc.setProducer('Binyan');
  doc.setCreator('Binyan');
  doc.setCreationDate(facts.madeAt);
  doc.setModificationDate(facts.madeAt);
  const w = new Pages(doc, fonts, t, language === 'he');

  w.heading(t.title(facts.year));
  w.line(t.apartment(facts.apartment.number, facts.apartment.address, facts.apartment.city));
  w.line(t.madeOn(formatDisplayDate(facts.madeOn)), 9, true);
  w.rule();
  w.pair(t.opening, money(s.openingAgorot));
  w.rule();
  if (s.lines.length === 0) w.line(t.nothing);
  else {
    w.tableHeader();
    for (const l of s.lines) w.tableRow(formatDisplayDate(l.entry.date), lineText(l, t), money(l.owedAgorot), money(l.balanceAgorot));
  }
  w.rule();
  w.pair(t.charged, money(s.chargedAgorot));
  w.pair(t.paid, money(s.paidAgorot));
  w.pair(t.refunded, money(s.refundedAgorot));
  w.pair(t.bounced, money(s.bouncedAgorot));
  w.pair(t.credited, money(s.creditedAgorot));
  w.pair(t.closing, money(s.closingAgorot), 14, true);
  if (s.closingAgorot !== 0) w.line(s.closingAgorot > 0 ? t.owes : t.inCredit);
  w.rule();
  w.line(t.currency, 9, true);
  w.footers();
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
