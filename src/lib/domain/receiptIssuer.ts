// Who issues a building's receipts (issue 29 item 9): the management company that collects for it, or the
// building's house committee. Each issuer numbers its receipts in one sequence without gaps, and its credit
// documents (a refund's, Israeli practice: money given back gets its own document, never an edit of the
// receipt) in a second sequence of their own: each kind of document runs its own consecutive series, as the
// bookkeeping rules ask, so a receipt sequence never skips a number for a refund.
export const receiptIssuerKinds = ['company', 'committee'] as const;
export type ReceiptIssuerKind = (typeof receiptIssuerKinds)[number];

export function isReceiptIssuerKind(value: unknown): value is ReceiptIssuerKind {
  return typeof value === 'string' && (receiptIssuerKinds as readonly string[]).includes(value);
}

/** The issuer's key, the name of its sequences: `company:<company id>` or `committee:<building id>`. */
export function receiptIssuerKey(kind: ReceiptIssuerKind, companyId: number, buildingId: number): string {
  return kind === 'committee' ? `committee:${buildingId}` : `company:${companyId}`;
}

/** Which kind of issuer a key names (a key of another shape is the company's, as receipts before issuers were). */
export function issuerKindOf(key: string | null): ReceiptIssuerKind {
  return key?.startsWith('committee:') ? 'committee' : 'company';
}

/** Each issuer's receipts and credit documents are numbered from here. */
export const FIRST_RECEIPT_NUMBER = 1001;
export const FIRST_CREDIT_NUMBER = 1;

/**
 * Whether numbers, in any order, run without a gap or a repeat from the first: what the tests check of
 * every issuer's sequence, and what an accountant expects of a book of receipts.
 */
export function isGapFree(numbers: readonly number[], first: number): boolean {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((n, i) => n === first + i);
}
