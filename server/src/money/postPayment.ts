// Posting money in (issue 14): a payment row in the one ledger that settles the debts it names (or the
// oldest first), what is left over a credit on the apartment. One row per source (a check group, a card
// payment, a standing-order run): the ledger's unique index refuses a second, so a retry cannot double it.
import { settle } from '../../../src/lib/domain/ledger.ts';
import type { LedgerText } from '../../../src/lib/domain/ledgerText.ts';
import type { Db } from '../db/database.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { openDebtsFor } from './ledgerDebts.ts';

export type PaymentPosting = {
  id: string;
  companyId: number;
  buildingId: number;
  apartmentId: string;
  contactId: string | null;
  amountAgorot: number;
  /** The charges the payer chose; the payment settles these first. */
  chargeIds: readonly string[];
  date: string;
  /** What the row is, in every language; description keeps a plain text of it for exports and search. */
  text: LedgerText;
  description: string;
  sourceKind: 'checkGroup' | 'cardPayment' | 'standingOrderRun';
  sourceId: string;
  createdBy: string;
  nowIso: string;
};

/** Posts the payment once; a repeat returns the row the first posting wrote. */
export async function postPayment(tx: Db, p: PaymentPosting): Promise<StoredLedgerEntry> {
  const existing = await ledger.bySource(tx, p.companyId, p.sourceKind, p.sourceId, 'payment');
  if (existing) return existing;
  const debts = await openDebtsFor(tx, p.companyId, p.buildingId, p.chargeIds);
  const { settles } = settle(debts, p.amountAgorot, p.chargeIds);
  const entry: StoredLedgerEntry = {
    id: p.id,
    buildingId: p.buildingId,
    kind: 'payment',
    date: p.date,
    amountAgorot: p.amountAgorot,
    apartmentId: p.apartmentId,
    contactId: p.contactId,
    debtKind: null,
    dueDate: null,
    group: null,
    description: p.description,
    ...p.text,
    settles,
    sourceKind: p.sourceKind,
    sourceId: p.sourceId,
    createdAt: p.nowIso,
    createdBy: p.createdBy,
    version: 1,
    updatedAt: p.nowIso,
  };
  await ledger.insert(tx, entry, p.companyId);
  return entry;
}
