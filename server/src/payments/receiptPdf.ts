// A payment's receipt as a PDF (issue 14): receipt number, date dd/mm/yyyy, payer, apartment, the debts
// paid, the clearing fee and its VAT, the total in ₪ (and what was refunded of it), in the reader's
// language, in the server's one PDF font family (files/pdfFonts.ts), each line through the one bidi path
// (files/pdfText.ts) that signed forms use too.
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';
import { nisOf } from '../../../src/lib/agorot.ts';
import { formatDisplayDate } from '../../../src/lib/dates.ts';
import { formatNis, formatNumber } from '../../../src/lib/money.ts';
import type { PdfFonts } from '../files/pdfFonts.ts';
import { embedPdfFonts } from '../files/pdfFonts.ts';
import type { LineBox } from '../files/pdfText.ts';
import { drawLine } from '../files/pdfText.ts';
import { issuerKindOf } from '../../../src/lib/domain/receiptIssuer.ts';
import type { Payment } from '../data/payments.ts';
import type { ReceiptLanguage } from './receiptTexts.ts';
import { receiptTexts } from './receiptTexts.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;

export type ReceiptFacts = {
  payment: Payment;
  apartment: { number: string; address: string; city: string };
  /** Who issued the receipt (issue 29): the management company's name, or null for the building's committee. */
  companyName: string | null;
  refundedAgorot: number;
  /** When the PDF says it was made: the payment's last change, so the same receipt gives the same bytes. */
  madeAt: Date;
};

class Writer {
  private y = A4.height - MARGIN;
  private readonly box: LineBox;
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: PdfFonts,
    rtl: boolean,
  ) {
    this.box = { left: MARGIN, right: A4.width - MARGIN, dir: rtl ? 'rtl' : 'ltr' };
  }

  private draw(text: string, size: number, at: 'start' | 'end', style: { bold?: boolean; gray?: boolean } = {}): void {
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    drawLine(this.page, text, this.box, { font, size, y: this.y, at, color: style.gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) });
  }

  heading(text: string): void {
    this.draw(text, 20, 'start', { bold: true });
    this.y -= 34;
  }

  line(text: string, size = 11, gray = false): void {
    this.draw(text, size, 'start', { gray });
    this.y -= size + 8;
  }

  /** A label at the start of the line, a value (an amount) at its end. */
  pair(label: string, value: string, size = 11, bold = false): void {
    this.draw(label, size, 'start', { bold });
    this.draw(value, size, 'end', { bold });
    this.y -= size + 8;
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 6 }, end: { x: A4.width - MARGIN, y: this.y + 6 }, thickness: 0.6, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 10;
  }
}

export async function receiptPdf(facts: ReceiptFacts, language: ReceiptLanguage): Promise<Buffer> {
  const { payment: p, apartment } = facts;
  const t = receiptTexts[language];
  const money = (agorot: number) => formatNis(nisOf(agorot), language);
  const doc = await PDFDocument.create();
  const fonts = await embedPdfFonts(doc, ['regular', 'bold']);
  doc.setTitle(`${t.title} ${p.receiptNumber ?? ''}`.trim());
  doc.setAuthor(p.payerName);
  doc.setProducer('Binyan');
  doc.setCreator('Binyan');
  doc.setCreationDate(facts.madeAt);
  doc.setModificationDate(facts.madeAt);
  const w = new Writer(doc.addPage([A4.width, A4.height]), fonts, language === 'he');

  w.heading(`${t.title} ${p.receiptNumber ?? ''}`.trim());
  w.pair(t.issuer, issuerKindOf(p.receiptIssuer) === 'committee' || facts.companyName === null ? t.committee(apartment.address, apartment.city) : facts.companyName);
  w.pair(t.number, String(p.receiptNumber ?? ''));
  w.pair(t.date, formatDisplayDate(p.date));
  w.pair(t.payer, p.payerName);
  w.pair(t.apartmentLabel, t.apartment(apartment.number, apartment.address, apartment.city));
  w.pair(t.method, p.method === 'standingOrder' ? t.standingOrder(p.last4) : t.card(p.last4));
  w.rule();
  w.line(t.lines, 13);
  for (const l of p.lines) {
    const kind = l.debtKind ? (t.debtKinds[l.debtKind] ?? '') : '';
    const described = l.descriptionKey === 'evCharging' && l.descriptionParams ? t.evCharging(l.descriptionParams.month ?? '', formatNumber(Number(l.descriptionParams.kwh ?? 0), language, 3)) : l.description;
    const what = [kind, described].filter((s) => s.trim() !== '').join(': ');
    w.pair(l.dueDate ? `${what} (${t.due(formatDisplayDate(l.dueDate))})` : what, money(l.amountAgorot));
  }
  w.rule();
  w.pair(t.subtotal, money(p.subtotalAgorot));
  w.pair(t.fee, money(p.feeNetAgorot));
  w.pair(t.vat(String(p.vatBasisPoints / 100)), money(p.feeVatAgorot));
  w.pair(t.total, money(p.totalAgorot), 14, true);
  if (facts.refundedAgorot > 0) w.pair(t.refunded, money(facts.refundedAgorot));
  w.rule();
  w.line(t.currency, 9, true);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
