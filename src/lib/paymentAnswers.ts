// What the tenant's money calls answer (issue 14), as the client relies on it (see answers.ts).
import { z } from 'zod/mini';

const text = z.string();
const num = z.number();
const maybeText = z.nullable(text);

export const tenantDebt = z.looseObject({
  id: text,
  kind: text,
  description: text,
  descriptionKey: z.optional(maybeText),
  descriptionParams: z.optional(z.nullable(z.record(text, text))),
  dueDate: text,
  openAgorot: num,
  chargedAgorot: num,
  pendingChecks: z.boolean(),
  /** The number of the bounced check that made the debt owed again (issue 29 §5), else null. */
  reopenedByCheck: z.optional(maybeText),
});
export type TenantDebt = z.infer<typeof tenantDebt>;

export const historyRow = z.looseObject({
  id: text,
  kind: z.optional(z.enum(['payment', 'refund', 'bounce', 'credit'])),
  date: text,
  amountAgorot: num,
  method: text,
  description: text,
  descriptionKey: z.optional(maybeText),
  descriptionParams: z.optional(z.nullable(z.record(text, text))),
  paymentId: maybeText,
  receiptNumber: z.nullable(num),
  totalAgorot: z.nullable(num),
  last4: maybeText,
  /** A refund's credit document number (issue 29); absent from servers before it. */
  creditNumber: z.optional(z.nullable(num)),
  /** A refund row's credit document, by the payment and refund its PDF is read by; absent from servers before it. */
  creditDocument: z.optional(z.nullable(z.looseObject({ paymentId: text, refundId: text, number: num }))),
});

export const savedCard = z.looseObject({ id: text, last4: text, expiry: text, cardKind: text, kept: z.boolean() });
export type SavedCardView = z.infer<typeof savedCard>;

export const apartmentAccount = z.looseObject({
  apartmentId: text,
  number: text,
  buildingId: num,
  buildingName: text,
  address: text,
  city: text,
  balanceAgorot: num,
  debts: z.array(tenantDebt),
  history: z.array(historyRow),
  failedRuns: z.array(z.looseObject({ paymentId: text, date: text, totalAgorot: num, errorKey: maybeText })),
  /** Checks that bounced (issue 29 §5); absent from accounts kept before the server sent them. */
  bouncedChecks: z.optional(z.array(z.looseObject({ checkGuid: text, checkNumber: maybeText, amountAgorot: num, depositDate: text, bouncedAt: maybeText }))),
  cardPayments: z.boolean(),
  hold: maybeText,
  standingOrder: z.nullable(z.looseObject({ id: text, billingDay: num, frequency: text, startDate: text, cardId: text, version: num })),
});
export type ApartmentAccountView = z.infer<typeof apartmentAccount>;

/** GET my/account: the tenant's apartments and kept cards, with when the server answered. */
export const myAccount = z.looseObject({ fetchedAt: text, apartments: z.array(apartmentAccount), cards: z.array(savedCard) });
export type MyAccount = z.infer<typeof myAccount>;

export const cardAnswer = z.looseObject({ record: savedCard });

/** A card-entry session on the provider's page (POST my/cards/entry). */
export const cardEntryAnswer = z.looseObject({ entry: z.looseObject({ id: text, url: text, origin: text, expiresAt: text }) });
export type CardEntryView = z.infer<typeof cardEntryAnswer>['entry'];

export const paymentQuote = z.looseObject({ subtotal: num, feeNet: num, feeVat: num, total: num, vatBasisPoints: num, cardKind: text, last4: text });
export type PaymentQuoteView = z.infer<typeof paymentQuote>;
export const quoteAnswer = z.looseObject({ quote: paymentQuote });

export const paymentLine = z.looseObject({
  chargeId: text,
  description: text,
  descriptionKey: z.optional(maybeText),
  descriptionParams: z.optional(z.nullable(z.record(text, text))),
  debtKind: maybeText,
  dueDate: maybeText,
  amountAgorot: num,
});

/** A payment and its receipt (POST my/payments, GET my/payments/:id). */
export const paymentRecord = z.looseObject({
  id: text,
  status: z.enum(['pending', 'succeeded', 'failed', 'nothingDue']),
  errorKey: maybeText,
  receiptNumber: z.nullable(num),
  payerName: text,
  apartmentId: text,
  buildingId: num,
  method: text,
  cardKind: text,
  last4: text,
  lines: z.array(paymentLine),
  subtotalAgorot: num,
  feeNetAgorot: num,
  feeVatAgorot: num,
  totalAgorot: num,
  vatBasisPoints: num,
  date: text,
  /** What was refunded of it so far (the office's list). */
  refundedAgorot: z.optional(num),
});
export type PaymentRecord = z.infer<typeof paymentRecord>;
export const paymentAnswer = z.looseObject({ record: paymentRecord });
