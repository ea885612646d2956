// After a tenant paid (issue 14): the payment's ledger row says what it is in every language (a key and
// params, not English text); the receipt is a PDF with a Hebrew font, fetched only by the apartment's
// tenants and the building's office; management staff refund all or part of a card payment exactly
// once, which reopens the debts it settled and shows in the tenant's history; each refund has its own
// credit document as a PDF, in the receipt's font and the reader's language, for the receipt's readers.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nisOf } from '../../src/lib/agorot.ts';
import { testCards } from '../../src/lib/cards.ts';
import { formatDisplayDate } from '../../src/lib/dates.ts';
import { formatNis } from '../../src/lib/money.ts';
import { openDatabase } from '../src/db/open.ts';
import { providerRefundedOf } from '../src/payments/referenceProvider.ts';
import type { TestServer } from './harness.ts';
import { approveTerms } from './terms.ts';
import { roomyCardLimits } from './paymentState.ts';
import { pdfFontNames, pdfLines, drawn } from './pdfContent.ts';
import { call, loginAs, newId, startTestServer } from './harness.ts';
import { enteredCard } from './cardEntry.ts';

type Debt = { id: string; openAgorot: number };
type History = {
  kind: string;
  method: string;
  amountAgorot: number;
  paymentId: string | null;
  descriptionKey: string | null;
  descriptionParams: Record<string, string> | null;
};
type Account = { apartmentId: string; buildingId: number; balanceAgorot: number; debts: Debt[]; history: History[] };
type Payment = {
  id: string;
  status: string;
  receiptNumber: number;
  totalAgorot: number;
  subtotalAgorot: number;
  feeNetAgorot: number;
  refundedAgorot?: number;
};
type Refund = { id: string; paymentId: string; amountAgorot: number; status: string };
type Ledger = {
  id: string;
  kind: string;
  sourceKind: string | null;
  amountAgorot: number;
  descriptionKey: string | null;
  descriptionParams: Record<string, string> | null;
  settles: { chargeId: string; amountAgorot: number }[];
};
type Body = {
  record?: Payment & Refund & { id: string };
  records?: (Payment & Refund & Ledger)[];
  quote?: { total: number };
  apartments?: Account[];
  error?: { code: string; messageKey: string; field?: string };
};

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer({ usageLimits: roomyCardLimits });
  for (const name of ['moshe', 'tali', 'miri', 'rina', 'avi', 'admin', 'eli']) tokens[name] = (await loginAs(server, name)).token;
  tokens.other = (await loginAs(server, 'other', 2002)).token;
  for (const name of ['moshe', 'tali']) await approveTerms(server, tokens[name] ?? '');
});
afterAll(async () => server.close());

const as = (user: string, method: string, path: string, body?: unknown, key?: string) =>
  call<Body>(server, method, path, { token: tokens[user] ?? '', ...(body !== undefined ? { body } : {}), ...(key ? { idempotencyKey: key } : {}) });
const account = async (user = 'moshe'): Promise<Account> => {
  const first = (await as(user, 'GET', '/api/binyan/my/account')).body.apartments?.[0];
  if (!first) throw new Error('the demo tenant has an apartment');
  return first;
};
const pdfOf = async (user: string, paymentId: string, lang = 'he') => {
  const res = await fetch(`${server.baseUrl}/api/binyan/payments/${paymentId}/receipt.pdf?lang=${lang}`, { headers: { authorization: tokens[user] ?? '' } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

/** Pays the apartment's first open debts with a new card; returns the payment. */
async function payDebts(count: number): Promise<{ payment: Payment; debts: Debt[] }> {
  const a = await account();
  const debts = a.debts.slice(0, count);
  const card = (
    await as('moshe', 'POST', '/api/binyan/my/cards', await enteredCard(() => as('moshe', 'POST', '/api/binyan/my/cards/entry', {}), testCards.success))
  ).body.record;
  const chargeIds = debts.map((d) => d.id);
  const quote = (await as('moshe', 'POST', '/api/binyan/my/payments/quote', { apartmentId: a.apartmentId, chargeIds, cardId: card?.id })).body.quote;
  const id = newId();
  const paid = await as(
    'moshe',
    'POST',
    '/api/binyan/my/payments',
    { id, apartmentId: a.apartmentId, chargeIds, cardId: card?.id, expectedTotalAgorot: quote?.total },
    id,
  );
  expect(paid.status, paid.text).toBe(200);
  return { payment: paid.body.record as Payment, debts };
}

const refund = (user: string, paymentId: string, amountAgorot: number, id = newId()) =>
  as(user, 'POST', `/api/binyan/payments/${paymentId}/refunds`, { id, amountAgorot }, id);

describe('ledger texts', () => {
  it('stores a card payment as a message key with the card’s last digits, in the tenant’s history and the books', async () => {
    const { payment } = await payDebts(1);
    const row = (await account()).history.find((h) => h.paymentId === payment.id);
    expect(row).toMatchObject({ kind: 'payment', method: 'card', descriptionKey: 'cardPayment', descriptionParams: { last4: '0000' } });
    const ledger = (await as('miri', 'GET', `/api/binyan/buildings/${(await account()).buildingId}/ledger`)).body.records ?? [];
    expect(ledger.find((e) => e.sourceKind === 'cardPayment')).toMatchObject({ descriptionKey: 'cardPayment', descriptionParams: { last4: '0000' } });
  });
});

describe('receipt PDF', () => {
  it('is a one-page PDF with its number in the title, in the asked language, with an embedded Hebrew-capable font', async () => {
    const { payment } = await payDebts(1);
    const he = await pdfOf('moshe', payment.id, 'he');
    expect(he.status).toBe(200);
    expect(he.type).toBe('application/pdf');
    const doc = await PDFDocument.load(he.bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe(`קבלה ${payment.receiptNumber}`);
    expect(await pdfFontNames(he.bytes)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    const en = await PDFDocument.load((await pdfOf('moshe', payment.id, 'en')).bytes, { updateMetadata: false });
    expect(en.getTitle()).toBe(`Receipt ${payment.receiptNumber}`);
    // The same receipt gives the same bytes.
    expect((await pdfOf('moshe', payment.id, 'he')).bytes.equals(he.bytes)).toBe(true);
  });

  it('reads back in Hebrew, English and Russian as drawn: the title and number, date dd/mm/yyyy, payer, total in ₪, all in the one font family', async () => {
    const { payment } = await payDebts(1);
    const p = payment as Payment & { payerName: string; date: string };
    const expected: Record<'he' | 'en' | 'ru', string[]> = {
      he: [`קבלה ${p.receiptNumber}`, 'תאריך', 'שולם על ידי', p.payerName, 'סה"כ שולם'],
      en: [`Receipt ${p.receiptNumber}`, 'Date', 'Paid by', p.payerName, 'Total paid'],
      ru: [`Квитанция ${p.receiptNumber}`, 'Дата', 'Плательщик', p.payerName, 'Итого оплачено'],
    };
    for (const lang of ['he', 'en', 'ru'] as const) {
      const { bytes } = await pdfOf('moshe', p.id, lang);
      const lines = await pdfLines(bytes);
      const dir = lang === 'he' ? 'rtl' : 'ltr';
      for (const text of [...expected[lang], formatDisplayDate(p.date), formatNis(nisOf(p.totalAgorot), lang)])
        expect(lines, `${lang}: ${text}`).toContain(drawn(text, dir));
      // Right to left: the number stands at the left edge of the title, the word's first letter at the right.
      if (lang === 'he') expect(lines).toContain(`${p.receiptNumber} הלבק`);
      expect(formatDisplayDate(p.date)).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(await pdfFontNames(bytes), lang).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    }
  });

  it('is given to the tenants of the payment’s apartment and the building’s office, refused to others', async () => {
    const { payment } = await payDebts(1);
    expect((await pdfOf('miri', payment.id)).status).toBe(200);
    expect((await pdfOf('rina', payment.id)).status).toBe(200);
    expect((await pdfOf('avi', payment.id)).status).toBe(403);
    // tali lives in another apartment: the payment is not hers.
    expect((await pdfOf('tali', payment.id)).status).toBe(404);
    // Made another tenant's payment of her apartment, it is hers and no longer moshe's.
    const db = openDatabase(server.database);
    try {
      await db.run(
        db.q
          .updateTable('payments')
          .set({ apartmentId: (await account('tali')).apartmentId, userId: null })
          .where('id', '=', payment.id),
      );
    } finally {
      await db.close();
    }
    expect((await pdfOf('tali', payment.id)).status).toBe(200);
    expect((await pdfOf('moshe', payment.id)).status).toBe(404);
    expect((await pdfOf('miri', payment.id)).status).toBe(200);
  });

  it('does not exist for a payment that failed', async () => {
    const a = await account();
    const card = (
      await as(
        'moshe',
        'POST',
        '/api/binyan/my/cards',
        await enteredCard(() => as('moshe', 'POST', '/api/binyan/my/cards/entry', {}), testCards.decline, false),
      )
    ).body.record;
    const chargeIds = [a.debts[0]?.id ?? ''];
    const quote = (await as('moshe', 'POST', '/api/binyan/my/payments/quote', { apartmentId: a.apartmentId, chargeIds, cardId: card?.id })).body.quote;
    const id = newId();
    const failed = await as(
      'moshe',
      'POST',
      '/api/binyan/my/payments',
      { id, apartmentId: a.apartmentId, chargeIds, cardId: card?.id, expectedTotalAgorot: quote?.total },
      id,
    );
    expect(failed.body.record?.status).toBe('failed');
    const reply = await as('moshe', 'GET', `/api/binyan/payments/${id}/receipt.pdf`);
    expect(reply.status).toBe(404);
    expect(reply.body.error).toMatchObject({ code: 'NO_RECEIPT', messageKey: 'errors:noReceipt' });
  });
});

describe('refunds', () => {
  it('refunds part of a payment once however often it is sent, reopening the debt and showing in the history', async () => {
    const { payment, debts } = await payDebts(1);
    const before = await account();
    const id = newId();
    const replies = await Promise.all(Array.from({ length: 4 }, () => refund('miri', payment.id, 10_000, id)));
    for (const r of replies) expect(r.body.record, r.text).toMatchObject({ id, paymentId: payment.id, amountAgorot: 10_000, status: 'succeeded' });
    expect(await refundedAtProvider(payment.id)).toBe(10_000);

    const after = await account();
    expect(after.balanceAgorot).toBe(before.balanceAgorot + 10_000);
    expect(after.debts.find((d) => d.id === debts[0]?.id)?.openAgorot).toBe(10_000);
    expect(after.history[0]).toMatchObject({
      kind: 'refund',
      amountAgorot: 10_000,
      descriptionKey: 'refund',
      descriptionParams: { receipt: String(payment.receiptNumber), last4: '0000' },
    });
    const listed = (await as('miri', 'GET', `/api/binyan/payments?buildingId=${after.buildingId}`)).body.records?.find((p) => p.id === payment.id);
    expect(listed?.refundedAgorot).toBe(10_000);
    expect((await as('miri', 'GET', `/api/binyan/payments/${payment.id}/refunds`)).body.records).toEqual([
      expect.objectContaining({ id, amountAgorot: 10_000 }),
    ]);
  });

  it('refunds the rest in full, fee included, and refuses more than is left', async () => {
    const { payment, debts } = await payDebts(1);
    const tooMuch = await refund('admin', payment.id, payment.totalAgorot + 1);
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error).toMatchObject({ field: 'amount', messageKey: 'errors:refundTooLarge' });
    expect((await refund('admin', payment.id, 0)).body.error).toMatchObject({ field: 'amount', messageKey: 'errors:invalidAmount' });
    expect((await refund('admin', payment.id, 5_000)).status).toBe(200);
    const rest = await refund('admin', payment.id, payment.totalAgorot - 5_000);
    expect(rest.status, rest.text).toBe(200);
    expect(await refundedAtProvider(payment.id)).toBe(payment.totalAgorot);
    // The debt is open in full again: the fee was given back but never settled a debt.
    expect((await account()).debts.find((d) => d.id === debts[0]?.id)?.openAgorot).toBe(payment.subtotalAgorot);
    const more = await refund('admin', payment.id, 1);
    expect(more.body.error).toMatchObject({ messageKey: 'errors:refundTooLarge' });
  });

  it('is refused to the committee, tenants and workers, and a refund id is not used again for another payment', async () => {
    const { payment } = await payDebts(1);
    for (const user of ['rina', 'moshe', 'avi']) {
      const reply = await refund(user, payment.id, 100);
      expect(reply.status, user).toBe(403);
      expect(reply.body.error?.code, user).toBe('NOT_ALLOWED');
    }
    expect(await refundedAtProvider(payment.id)).toBe(0);
    // A refund id used for another payment is not a second refund.
    const id = newId();
    expect((await refund('miri', payment.id, 100, id)).status).toBe(200);
    const other = await payDebts(1);
    expect((await refund('miri', other.payment.id, 100, id)).status).toBe(409);
    expect(await refundedAtProvider(other.payment.id)).toBe(0);
  });
});

describe('a refund’s credit document', () => {
  const creditOf = async (user: string, paymentId: string, refundId: string, lang = 'he') => {
    const res = await fetch(`${server.baseUrl}/api/binyan/payments/${paymentId}/refunds/${refundId}/credit.pdf?lang=${lang}`, {
      headers: tokens[user] ? { authorization: tokens[user] } : {},
    });
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      disposition: res.headers.get('content-disposition'),
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };
  const creditNumberOf = async (refundId: string) => {
    const db = openDatabase(server.database);
    try {
      return Number((await db.first(db.q.selectFrom('payment_refunds').select('creditNumber').where('id', '=', refundId)))?.creditNumber);
    } finally {
      await db.close();
    }
  };

  it('is a one-page PDF with its credit number, the receipt it credits and the amount, in Hebrew (right to left), English and Russian, in the receipt’s font', async () => {
    const { payment } = await payDebts(1);
    const id = newId();
    expect((await refund('miri', payment.id, 12_345, id)).status).toBe(200);
    const number = await creditNumberOf(id);
    expect(number).toBeGreaterThan(0);
    const expected: Record<'he' | 'en' | 'ru', string[]> = {
      he: [`מסמך זיכוי ${number}`, 'מספר מסמך זיכוי', 'זיכוי לקבלה', 'סה"כ זוכה'],
      en: [`Credit document ${number}`, 'Credit document number', 'Credits receipt', 'Total credited'],
      ru: [`Документ о возврате ${number}`, 'Номер документа о возврате', 'К квитанции', 'Итого возвращено'],
    };
    for (const lang of ['he', 'en', 'ru'] as const) {
      const pdf = await creditOf('moshe', payment.id, id, lang);
      expect(pdf.status).toBe(200);
      expect(pdf.type).toBe('application/pdf');
      expect(pdf.disposition).toBe(`attachment; filename="credit-${number}.pdf"`);
      const doc = await PDFDocument.load(pdf.bytes);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getTitle()).toBe(expected[lang][0]);
      const lines = await pdfLines(pdf.bytes);
      const dir = lang === 'he' ? 'rtl' : 'ltr';
      for (const text of [...expected[lang], String(payment.receiptNumber), formatNis(nisOf(12_345), lang)])
        expect(lines, `${lang}: ${text}`).toContain(drawn(text, dir));
      expect(await pdfFontNames(pdf.bytes), lang).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    }
    // The same document gives the same bytes.
    expect((await creditOf('moshe', payment.id, id)).bytes.equals((await creditOf('moshe', payment.id, id)).bytes)).toBe(true);
    // The tenant's history names the document by the payment and refund it is read by.
    const history = (await account()).history as (History & { creditDocument?: unknown })[];
    expect(history.find((h) => h.kind === 'refund' && h.amountAgorot === 12_345)?.creditDocument).toEqual({ paymentId: payment.id, refundId: id, number });
  });

  it('is given to those who may read the receipt; not to another apartment, a worker, a supplier, another company or nobody', async () => {
    const { payment } = await payDebts(1);
    const id = newId();
    expect((await refund('miri', payment.id, 100, id)).status).toBe(200);
    for (const user of ['moshe', 'miri', 'rina', 'admin']) expect((await creditOf(user, payment.id, id)).status, user).toBe(200);
    expect((await creditOf('tali', payment.id, id)).status).toBe(404);
    expect((await creditOf('avi', payment.id, id)).status).toBe(403);
    expect((await creditOf('eli', payment.id, id)).status).toBe(403);
    // Another company's only user is a worker there: refused by the right before anything is looked up.
    expect((await creditOf('other', payment.id, id)).status).toBe(403);
    expect((await creditOf('nobody', payment.id, id)).status).toBe(401);
    // Another payment's refund is not this payment's, and no refund has no document.
    const other = await payDebts(1);
    expect((await creditOf('moshe', other.payment.id, id)).status).toBe(404);
    expect((await creditOf('moshe', payment.id, newId())).status).toBe(404);
  });
});

async function refundedAtProvider(paymentId: string): Promise<number> {
  const db = openDatabase(server.database);
  try {
    return await providerRefundedOf(db, paymentId);
  } finally {
    await db.close();
  }
}
