import { describe, expect, it } from 'vitest';
import { apartmentBalance, openDebts, unsettle } from './ledger';
import type { LedgerEntry } from './ledger';
import { readLegacyText } from './ledgerText';
import { ledgerPartOfRefund, validateRefund } from './refundRules';

const row = (e: Partial<LedgerEntry> & Pick<LedgerEntry, 'id' | 'kind' | 'amountAgorot'>): LedgerEntry => ({
  buildingId: 1,
  date: '2026-11-01',
  apartmentId: 'a',
  debtKind: 'currentCommittee',
  dueDate: '2026-11-01',
  group: null,
  description: '',
  settles: [],
  ...e,
});

describe('refunds', () => {
  it('refuses a refund of an unpaid payment, a non-positive amount and more than is left', () => {
    expect(validateRefund({ status: 'failed', totalAgorot: 1000, refundedAgorot: 0, amountAgorot: 100 })?.messageKey).toBe('paymentNotRefundable');
    expect(validateRefund({ status: 'succeeded', totalAgorot: 1000, refundedAgorot: 0, amountAgorot: 0 })?.messageKey).toBe('invalidAmount');
    expect(validateRefund({ status: 'succeeded', totalAgorot: 1000, refundedAgorot: 0, amountAgorot: 10.5 })?.messageKey).toBe('invalidAmount');
    expect(validateRefund({ status: 'succeeded', totalAgorot: 1000, refundedAgorot: 400, amountAgorot: 601 })?.messageKey).toBe('refundTooLarge');
    expect(validateRefund({ status: 'succeeded', totalAgorot: 1000, refundedAgorot: 400, amountAgorot: 600 })).toBeNull();
  });

  it('gives back the debts’ part first and the fee last', () => {
    expect(ledgerPartOfRefund(900, 0, 500)).toBe(500);
    expect(ledgerPartOfRefund(900, 500, 500)).toBe(400);
    expect(ledgerPartOfRefund(900, 900, 100)).toBe(0);
  });

  it('reopens the last settled charges first, never more than is still settled, and the balance follows', () => {
    const paid = [
      { chargeId: 'c1', amountAgorot: 300 },
      { chargeId: 'c2', amountAgorot: 200 },
    ];
    expect(unsettle(paid, [], 250)).toEqual([
      { chargeId: 'c2', amountAgorot: 200 },
      { chargeId: 'c1', amountAgorot: 50 },
    ]);
    expect(unsettle(paid, [{ chargeId: 'c2', amountAgorot: 200 }], 400)).toEqual([{ chargeId: 'c1', amountAgorot: 300 }]);
    const entries = [
      row({ id: 'c1', kind: 'charge', amountAgorot: 300 }),
      row({ id: 'c2', kind: 'charge', amountAgorot: 200 }),
      row({ id: 'p', kind: 'payment', amountAgorot: 500, settles: paid }),
      row({ id: 'r', kind: 'refund', amountAgorot: 250, settles: unsettle(paid, [], 250) }),
    ];
    expect(apartmentBalance(entries, 'a')).toBe(250);
    expect(openDebts(entries, 'a').map((d) => [d.chargeId, d.open])).toEqual([
      ['c1', 50],
      ['c2', 200],
    ]);
  });
});

describe('ledger texts of rows posted before keys existed', () => {
  it('reads the English literal texts back as keys with their params, and leaves a person’s text alone', () => {
    expect(readLegacyText('cardPayment', 'Card ****4242')).toEqual({ descriptionKey: 'cardPayment', descriptionParams: { last4: '4242' } });
    expect(readLegacyText('standingOrderRun', 'Standing order 2026-03-31')).toEqual({
      descriptionKey: 'standingOrderRun',
      descriptionParams: { period: '2026-03-31' },
    });
    expect(readLegacyText('checkGroup', 'Checks 17')).toEqual({ descriptionKey: 'checkGroup', descriptionParams: { batch: '17' } });
    expect(readLegacyText('manual', 'השכרת גג')).toBeNull();
  });
});
