// A payment's receipt as a PDF (issue 14), and a refund's credit document (issue 29): receipt number, date dd/mm/yyyy, payer, apartment, the debts
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
import type { Payment, Refund } from '../data/payments.ts';
import { israelLocalDate } from '../util/dates.ts';
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

/** One A4 page in the one font family, titled and dated for the same bytes each time. */
async function startDocument(title: string, author: string, madeAt: Date, language: ReceiptLanguage): Promise<{ doc: PDFDocument; w: Writer }> {
  const doc = await PDFDocument.create();
  const fonts = await embedPdfFonts(doc, ['regular', 'bold']);
  doc.setTitle(title);
  doc.setAuthor(author);
  doc.setProducer('Binyan');
  doc.setCreator('Binyan');
  doc.setCreationDate(madeAt);
  doc.setModificationDate(madeAt);
  return { doc, w: new Writer(doc.addPage([A4.width, A4.height]), fonts, language === 'he') };
}

const issuerName = (t: (typeof receiptTexts)[ReceiptLanguage], p: Payment, facts: Pick<ReceiptFacts, 'apartment' | 'companyName'>) =>
  issuerKindOf(p.receiptIssuer) === 'committee' || facts.companyName === null ? t.committee(facts.apartment.address, facts.apartment.city) : facts.companyName;

export async function receiptPdf(facts: ReceiptFacts, language: ReceiptLanguage): Promise<Buffer> {
  const { payment: p, apartment } = facts;
  const t = receiptTexts[language];
  const money = (agorot: number) => formatNis(nisOf(agorot), language);
  const title = `${t.title} ${p.receiptNumber ?? ''}`.trim();
  const { doc, w } = await startDocument(title, p.payerName, facts.madeAt, language);

  w.heading(title);
  w.pair(t.issuer, issuerName(t, p, facts));
  w.pair(t.number, String(p.receiptNumber ?? ''));
  w.pair(t.date, formatDisplayDate(p.date));
  w.pair(t.payer, p.payerName);
  w.pair(t.apartmentLabel, t.apartment(apartment.number, apartment.address, apartment.city));
  w.pair(t.method, p.method === 'standingOrder' ? t.standingOrder(p.last4) : t.card(p.last4));
  w.rule();
  w.line(t.lines, 13);
  for (const l of p.lines) {
    const kind = l.debtKind ? (t.debtKinds[l.debtKind] ?? '') : '';
    const described =
      l.descriptionKey === 'evCharging' && l.descriptionParams
        ? t.evCharging(l.descriptionParams.month ?? '', formatNumber(Number(l.descriptionParams.kwh ?? 0), language, 3))
        : l.description;
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

export type CreditFacts = Omit<ReceiptFacts, 'refundedAgorot' | 'madeAt'> & { refund: Refund };

/**
 * A succeeded refund's credit document: the issuer's credit number, its date, the receipt it credits, the
 * card the money went back to and the amount — the receipt's font, right to left in Hebrew. Made at the
 * refund's last change, so the same document gives the same bytes.
 */
export async function creditPdf(facts: CreditFacts, language: ReceiptLanguage): Promise<Buffer> {
  const { payment: p, refund: r, apartment } = facts;
  const t = receiptTexts[language];
  const title = `${t.creditTitle} ${r.creditNumber ?? ''}`.trim();
  const { doc, w } = await startDocument(title, p.payerName, new Date(r.updatedAt), language);

  w.heading(title);
  w.pair(t.issuer, issuerName(t, p, facts));
  w.pair(t.creditNumber, String(r.creditNumber ?? ''));
  w.pair(t.date, formatDisplayDate(israelLocalDate(new Date(r.createdAt))));
  w.pair(t.creditFor, String(p.receiptNumber ?? ''));
  w.pair(t.payer, p.payerName);
  w.pair(t.apartmentLabel, t.apartment(apartment.number, apartment.address, apartment.city));
  w.pair(t.method, t.refundedTo(p.last4));
  w.rule();
  w.pair(t.creditAmount, formatNis(nisOf(r.amountAgorot), language), 14, true);
  w.rule();
  w.line(t.currency, 9, true);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
