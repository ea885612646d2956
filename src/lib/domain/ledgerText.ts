// What a ledger row is, as a message key and its parameters (issue 14): rows the system posts (a card
// payment, a standing-order run, a deposited check group, a refund) are stored as a key and params and
// each screen renders them in its own language; rows a person typed keep their text. Rows posted before
// keys existed are read back from their old literal text (readLegacyText), so they stay readable too.

export const ledgerTextKeys = [
  'cardPayment',
  'standingOrderRun',
  'checkGroup',
  'refund',
  'evCharging',
  'committeeFee',
  'checkBounce',
  'checkBounceFee',
] as const;
export type LedgerTextKey = (typeof ledgerTextKeys)[number];
export type LedgerTextParams = Record<string, string>;

export type LedgerText = { descriptionKey: LedgerTextKey; descriptionParams: LedgerTextParams };

export function isLedgerTextKey(value: unknown): value is LedgerTextKey {
  return typeof value === 'string' && (ledgerTextKeys as readonly string[]).includes(value);
}

export const cardPaymentText = (last4: string): LedgerText => ({ descriptionKey: 'cardPayment', descriptionParams: { last4 } });
/** period: the run's billing date (yyyy-mm-dd). */
export const standingOrderRunText = (period: string | null): LedgerText => ({
  descriptionKey: 'standingOrderRun',
  descriptionParams: { period: period ?? '' },
});
export const checkGroupText = (batch: string): LedgerText => ({ descriptionKey: 'checkGroup', descriptionParams: { batch } });
/** A bounced check's reversal and its fee (issue 29 §5); number: the check's number (may be empty). */
export const checkBounceText = (number: string | null): LedgerText => ({ descriptionKey: 'checkBounce', descriptionParams: { number: number ?? '' } });
export const checkBounceFeeText = (number: string | null): LedgerText => ({ descriptionKey: 'checkBounceFee', descriptionParams: { number: number ?? '' } });
export const refundText = (receiptNumber: number | null, last4: string): LedgerText => ({
  descriptionKey: 'refund',
  descriptionParams: { receipt: receiptNumber === null ? '' : String(receiptNumber), last4 },
});

/** The key of a row that was stored as English literal text before keys existed (null: a person's own text). */
export function readLegacyText(sourceKind: string | null, description: string): LedgerText | null {
  const text = description.trim();
  if (sourceKind === 'cardPayment') {
    const m = /^Card \*{4}(\d{4})$/.exec(text);
    return m?.[1] ? cardPaymentText(m[1]) : null;
  }
  if (sourceKind === 'standingOrderRun') {
    const m = /^Standing order\s*(.*)$/.exec(text);
    return m ? standingOrderRunText(m[1] ?? '') : null;
  }
  if (sourceKind === 'checkGroup') {
    const m = /^Checks\s*(.*)$/.exec(text);
    return m ? checkGroupText(m[1] ?? '') : null;
  }
  return null;
}
