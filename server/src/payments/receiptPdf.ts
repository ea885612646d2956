// A payment's receipt as a PDF (issue 14): receipt number, date dd/mm/yyyy, payer, apartment, the debts
// paid, the clearing fee and its VAT, the total in ₪ (and what was refunded of it), in the reader's
// language. Hebrew needs a font that has it: DejaVu Sans ships in server/assets/fonts (its licence
// beside it) and is embedded as a subset of the glyphs used.
import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { nisOf } from '../../../src/lib/agorot.ts';
import { formatDisplayDate } from '../../../src/lib/dates.ts';
import { formatNis, formatNumber } from '../../../src/lib/money.ts';
import { visualOrder } from '../files/bidi.ts';
import type { Payment } from '../data/payments.ts';
import type { ReceiptLanguage } from './receiptTexts.ts';
import { receiptTexts } from './receiptTexts.ts';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
let fontBytes: Buffer | null = null;
const font = () => (fontBytes ??= readFileSync(new URL('../../assets/fonts/DejaVuSans.ttf', import.meta.url)));

export type ReceiptFacts = {
  payment: Payment;
  apartment: { number: string; address: string; city: string };
  refundedAgorot: number;
  /** When the PDF says it was made: the payment's last change, so the same receipt gives the same bytes. */
  madeAt: Date;
};

class Writer {
  private y = A4.height - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly rtl: boolean,
  ) {}

  private draw(text: string, size: number, at: 'start' | 'end', gray = false): void {
    const shown = visualOrder(text, this.rtl ? 'R' : 'L').replace(/\u202F/g, '\u00A0');
    const width = this.font.widthOfTextAtSize(shown, size);
    const atLeft = (at === 'start') !== this.rtl;
    const x = atLeft ? MARGIN : A4.width - MARGIN - width;
    this.page.drawText(shown, { x, y: this.y, size, font: this.font, color: gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) });
  }

  heading(text: string): void {
    this.draw(text, 20, 'start');
    this.y -= 34;
  }

  line(text: string, size = 11, gray = false): void {
    this.draw(text, size, 'start', gray);
    this.y -= size + 8;
  }

  /** A label at the start of the line, a value (an amount) at its end. */
  pair(label: string, value: string, size = 11): void {
    this.draw(label, size, 'start');
    this.draw(value, size, 'end');
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
  doc.registerFontkit(fontkit);
  const embedded = await doc.embedFont(font(), { subset: true });
  doc.setTitle(`${t.title} ${p.receiptNumber ?? ''}`.trim());
  doc.setAuthor(p.payerName);
  doc.setProducer('Binyan');
  doc.setCreator('Binyan');
  doc.setCreationDate(facts.madeAt);
  doc.setModificationDate(facts.madeAt);
  const w = new Writer(doc.addPage([A4.width, A4.height]), embedded, language === 'he');

  w.heading(`${t.title} ${p.receiptNumber ?? ''}`.trim());
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
  w.pair(t.total, money(p.totalAgorot), 14);
  if (facts.refundedAgorot > 0) w.pair(t.refunded, money(facts.refundedAgorot));
  w.rule();
  w.line(t.currency, 9, true);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
