// What an apartment owes, read from the one ledger (src/lib/domain/ledger.ts): the spec's debts are the
// charges with what payments left open of them. Every screen and rule that needs "the debts" reads them
// here; the old debts table is no longer read.
import type { Debt } from '../../../src/lib/domain/entities.ts';
import type { DebtAge } from '../../../src/lib/domain/debtAge.ts';
import { debtAge, debtKindOn } from '../../../src/lib/domain/debtAge.ts';
import type { OpenDebt } from '../../../src/lib/domain/ledger.ts';
import { openDebts } from '../../../src/lib/domain/ledger.ts';
import { nisOf } from '../../../src/lib/agorot.ts';
import type { Db } from '../db/database.ts';
import type { StoredLedgerEntry } from '../data/ledger.ts';
import { ledger } from '../data/ledger.ts';
import { checkGroups } from '../data/checks.ts';

/**
 * A debt as the screens know it, plus whether a sent check payment already covers it (pending approval).
 * Its age and the spec's `kind` are worked out on read from the due date and the Israeli day asked for
 * (src/lib/domain/debtAge.ts); the stored label only says whether it is a committee fee.
 */
export type LedgerDebt = Debt & {
  age: DebtAge;
  chargedAgorot: number;
  openAgorot: number;
  pendingChecks: boolean;
  /** What a posted charge is, in every language (an EV reading's month and kWh); null for typed text. */
  descriptionKey: string | null;
  descriptionParams: Record<string, string> | null;
};

/** Charge ids named by check payments that were sent and not yet deposited (spec 4: pending approval). */
export async function chargesInSentChecks(db: Db, buildingId: number, entries: readonly StoredLedgerEntry[]): Promise<Set<string>> {
  const deposited = new Set(entries.flatMap((e) => (e.kind === 'payment' && e.sourceKind === 'checkGroup' && e.sourceId ? [e.sourceId] : [])));
  const groups = await checkGroups.list(db, { BuildingId: buildingId, Status: 'submitted' });
  return new Set(groups.filter((g) => !deposited.has(g.ChecksHeaderGuid)).flatMap((g) => g.DebtIds));
}

/** Each charge of the entries with its open amount (paid ones too, flagged paid), aged on the Israeli day `today`. */
export function debtsOf(entries: readonly StoredLedgerEntry[], pending: ReadonlySet<string>, today: string): LedgerDebt[] {
  const open = new Map<string, OpenDebt>();
  const apartments = new Set(entries.flatMap((e) => (e.kind === 'charge' && e.apartmentId ? [e.apartmentId] : [])));
  for (const apartmentId of apartments) for (const d of openDebts(entries, apartmentId)) open.set(d.chargeId, d);
  return entries
    .filter((e) => e.kind === 'charge' && e.apartmentId !== null)
    .map((c): LedgerDebt => {
      const left = open.get(c.id)?.open ?? 0;
      const dueDate = c.dueDate ?? c.date;
      return {
        id: c.id,
        buildingId: c.buildingId,
        apartmentId: c.apartmentId ?? '',
        contactId: c.contactId ?? '',
        contactGuid: c.contactId ?? '',
        kind: debtKindOn(c.debtKind, dueDate, today),
        age: debtAge(dueDate, today),
        description: c.description,
        descriptionKey: c.descriptionKey ?? null,
        descriptionParams: c.descriptionParams ?? null,
        amount: nisOf(left > 0 ? left : c.amountAgorot),
        dueDate,
        paid: left <= 0,
        chargedAgorot: c.amountAgorot,
        openAgorot: Math.max(0, left),
        pendingChecks: left > 0 && pending.has(c.id),
        version: c.version,
        updatedAt: c.updatedAt,
      };
    })
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
}

/** The debts of a building aged on the Israeli day `today`, optionally only those of one contact or one apartment. */
export async function buildingDebts(
  db: Db,
  companyId: number,
  buildingId: number,
  today: string,
  only: { contactId?: string; apartmentId?: string } = {},
): Promise<LedgerDebt[]> {
  const entries = await ledger.ofBuilding(db, companyId, buildingId);
  const all = debtsOf(entries, await chargesInSentChecks(db, buildingId, entries), today);
  return all.filter(
    (d) => (only.contactId === undefined || d.contactId === only.contactId) && (only.apartmentId === undefined || d.apartmentId === only.apartmentId),
  );
}

/** The open debts of the apartments the named charges belong to (for settling a payment against them). */
export async function openDebtsFor(db: Db, companyId: number, buildingId: number, chargeIds: readonly string[]): Promise<OpenDebt[]> {
  const entries = await ledger.ofBuilding(db, companyId, buildingId);
  const apartments = new Set(entries.filter((e) => e.kind === 'charge' && chargeIds.includes(e.id)).flatMap((e) => (e.apartmentId ? [e.apartmentId] : [])));
  return [...apartments].flatMap((a) => openDebts(entries, a));
}
