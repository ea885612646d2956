import { describe, expect, it } from 'vitest';
import { creditableAgorot, creditedOf, validateCredit } from './creditRules';
import { accountBalance, apartmentBalance, openDebts, periodTotals } from './ledger';
import type { LedgerEntry } from './ledger';

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

const charge = row({ id: 'c1', kind: 'charge', amountAgorot: 30000 });

describe('credits of a charge', () => {
  it('refuses what is not a charge, no reason, a non-positive amount and more than is left', () => {
    const base = { chargeKind: 'charge', chargeAgorot: 30000, creditedAgorot: 10000, amountAgorot: 5000, reason: 'Charged twice' };
    expect(validateCredit(base)).toBeNull();
    expect(validateCredit({ ...base, chargeKind: 'payment' })?.messageKey).toBe('notACharge');
    expect(validateCredit({ ...base, reason: '  ' })?.messageKey).toBe('requiredField');
    expect(validateCredit({ ...base, reason: 'x'.repeat(201) })).toEqual({ field: 'reason', messageKey: 'textTooLong', params: { max: 200 } });
    for (const amountAgorot of [0, -1, 1.5, null]) expect(validateCredit({ ...base, amountAgorot })?.messageKey).toBe('invalidAmount');
    expect(validateCredit({ ...base, amountAgorot: 20000 })).toBeNull();
    expect(validateCredit({ ...base, amountAgorot: 20001 })?.messageKey).toBe('creditTooLarge');
    expect(validateCredit({ ...base, creditedAgorot: 30000, amountAgorot: 1 })?.messageKey).toBe('creditTooLarge');
  });

  it('adds up earlier credits of the charge only', () => {
    const entries = [
      charge,
      row({ id: 'k1', kind: 'credit', amountAgorot: 1000, settles: [{ chargeId: 'c1', amountAgorot: 1000 }] }),
      row({ id: 'k2', kind: 'credit', amountAgorot: 500, settles: [{ chargeId: 'c2', amountAgorot: 500 }] }),
      row({ id: 'p', kind: 'payment', amountAgorot: 700, settles: [{ chargeId: 'c1', amountAgorot: 700 }] }),
    ];
    expect(creditedOf(entries, 'c1')).toBe(1000);
    expect(creditableAgorot(30000, 1000)).toBe(29000);
    expect(creditableAgorot(30000, 31000)).toBe(0);
  });

  it('lowers what is open and owed, moves no money and is no income', () => {
    const credit = row({ id: 'k1', kind: 'credit', amountAgorot: 10000, settles: [{ chargeId: 'c1', amountAgorot: 10000 }] });
    const entries = [charge, credit];
    expect(openDebts(entries, 'a')[0]?.open).toBe(20000);
    expect(apartmentBalance(entries, 'a')).toBe(20000);
    expect(accountBalance(entries)).toBe(0);
    expect(periodTotals(entries, 'month', '2026-01-01', '2026-12-31')).toEqual([]);
  });

  it('a paid charge credited in full is closed and leaves the apartment a credit', () => {
    const paid = row({ id: 'p', kind: 'payment', amountAgorot: 30000, settles: [{ chargeId: 'c1', amountAgorot: 30000 }] });
    const credit = row({ id: 'k1', kind: 'credit', amountAgorot: 30000, settles: [{ chargeId: 'c1', amountAgorot: 30000 }] });
    expect(openDebts([charge, paid, credit], 'a')).toEqual([]);
    expect(apartmentBalance([charge, paid, credit], 'a')).toBe(-30000);
  });
});

describe('nothing that moved money is deleted', () => {
  it('only a row typed in by hand may be deleted: never a credit, charge, payment or refund', async () => {
    const { canDeleteLedgerEntry } = await import('./books');
    for (const sourceKind of ['credit', 'quickCharge', 'feeSchedule', 'cardPayment', 'standingOrderRun', 'checkGroup', 'refund', 'debt', null])
      expect(canDeleteLedgerEntry({ sourceKind })?.messageKey).toBe('manualEntryOnly');
    expect(canDeleteLedgerEntry({ sourceKind: 'manual' })).toBeNull();
  });

  it('payments, refunds and credits are settlement rows, which nothing removes', async () => {
    const { isSettlementRow } = await import('./books');
    expect(['payment', 'refund', 'credit'].every((kind) => isSettlementRow({ kind }))).toBe(true);
    expect(['charge', 'expense', 'income', 'openingBalance', 'pettyCashIn', 'pettyCashOut'].some((kind) => isSettlementRow({ kind }))).toBe(false);
  });
});
