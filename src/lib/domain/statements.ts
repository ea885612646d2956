// Statements of the one ledger (issue 29 item 7): an apartment's year (what was charged, paid, given back,
// bounced and credited, and the balance before and after), a building's year (the same per apartment), the
// half-yearly report a committee owes the owners (income and expenses book, the account's balance, open
// debts by age) and the accountant's monthly export. Pure, in whole agorot, on the device and the server.
import { assertAgorot, sumAgorot } from '../agorot.ts';
import type { DebtAge } from './debtAge.ts';
import { openChargesByAge } from './debtAge.ts';
import type { LedgerEntry } from './ledger.ts';
import { accountEffect, ledgerKinds } from './ledger.ts';

/**
 * What a row does to what an apartment owes: a charge adds to it, a refund (money given back) and a bounce
 * (a check that came back unpaid) too; a payment and a credit (a correction of a charge) take from it.
 * Other rows are the building's own.
 */
const owedSign: Readonly<Record<string, 1 | -1>> = { charge: 1, refund: 1, bounce: 1, payment: -1, credit: -1 };

export function owedEffect(entry: Pick<LedgerEntry, 'kind' | 'amountAgorot'>): number {
  const sign = owedSign[entry.kind] ?? 0;
  assertAgorot(entry.amountAgorot);
  return sign * entry.amountAgorot;
}

/** What a row does to the building's account; a kind this module does not know (a credit) moves none of it. */
function accountMove(entry: Pick<LedgerEntry, 'kind' | 'amountAgorot'>): number {
  return (ledgerKinds as readonly string[]).includes(entry.kind) ? accountEffect(entry) : 0;
}

const balanceOf = (entries: readonly LedgerEntry[]) => sumAgorot(entries.map(accountMove));

export const statementKinds = ['charge', 'payment', 'refund', 'bounce', 'credit'] as const;
export type StatementKind = (typeof statementKinds)[number];

const isStatementKind = (kind: string): kind is StatementKind => (statementKinds as readonly string[]).includes(kind);

export type YearRange = { from: string; to: string };

export const yearOf = (year: number): YearRange => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/** The first (1: January–June) or second (2: July–December) half of a year. */
export const halfYearOf = (year: number, half: 1 | 2): YearRange =>
  half === 1 ? { from: `${year}-01-01`, to: `${year}-06-30` } : { from: `${year}-07-01`, to: `${year}-12-31` };

export type StatementLine = { entry: LedgerEntry; kind: StatementKind; owedAgorot: number; balanceAgorot: number };

export type StatementTotals = {
  openingAgorot: number;
  chargedAgorot: number;
  paidAgorot: number;
  refundedAgorot: number;
  /** Checks that came back unpaid: what they had paid is owed again. */
  bouncedAgorot: number;
  creditedAgorot: number;
  closingAgorot: number;
};

export type ApartmentStatement = StatementTotals & { lines: StatementLine[] };

/**
 * An apartment's statement over a range: the balance carried in (what it owed before), each charge,
 * payment, refund, bounce and credit of the range with the balance after it, and the totals. Positive:
 * owed; negative: a credit in the apartment's favour. Closing = opening + charged + refunded + bounced −
 * paid − credited.
 */
export function apartmentStatement(entries: readonly LedgerEntry[], apartmentId: string, range: YearRange): ApartmentStatement {
  const mine = entries.filter((e) => e.apartmentId === apartmentId && isStatementKind(e.kind) && e.date <= range.to);
  const openingAgorot = sumAgorot(mine.filter((e) => e.date < range.from).map(owedEffect));
  const inRange = mine.filter((e) => e.date >= range.from).sort((a, b) => a.date.localeCompare(b.date));
  let balance = openingAgorot;
  const lines = inRange.map((entry): StatementLine => {
    const owed = owedEffect(entry);
    balance += owed;
    return { entry, kind: entry.kind as StatementKind, owedAgorot: owed, balanceAgorot: balance };
  });
  const total = (kind: StatementKind) => sumAgorot(inRange.filter((e) => e.kind === kind).map((e) => e.amountAgorot));
  return {
    openingAgorot,
    chargedAgorot: total('charge'),
    paidAgorot: total('payment'),
    refundedAgorot: total('refund'),
    bouncedAgorot: total('bounce'),
    creditedAgorot: total('credit'),
    closingAgorot: balance,
    lines,
  };
}

export type BuildingStatementRow = StatementTotals & { apartmentId: string; number: string };

export type BuildingStatement = { rows: BuildingStatementRow[]; totals: StatementTotals };

const zeroTotals: StatementTotals = {
  openingAgorot: 0,
  chargedAgorot: 0,
  paidAgorot: 0,
  refundedAgorot: 0,
  bouncedAgorot: 0,
  creditedAgorot: 0,
  closingAgorot: 0,
};

function addTotals(a: StatementTotals, b: StatementTotals): StatementTotals {
  return {
    openingAgorot: a.openingAgorot + b.openingAgorot,
    chargedAgorot: a.chargedAgorot + b.chargedAgorot,
    paidAgorot: a.paidAgorot + b.paidAgorot,
    refundedAgorot: a.refundedAgorot + b.refundedAgorot,
    bouncedAgorot: a.bouncedAgorot + b.bouncedAgorot,
    creditedAgorot: a.creditedAgorot + b.creditedAgorot,
    closingAgorot: a.closingAgorot + b.closingAgorot,
  };
}

/** Every apartment's totals over the range (in the order given), and the building's sums of them. */
export function buildingStatement(entries: readonly LedgerEntry[], apartments: readonly { id: string; number: string }[], range: YearRange): BuildingStatement {
  const rows = apartments.map((a): BuildingStatementRow => {
    const { lines: _lines, ...totals } = apartmentStatement(entries, a.id, range);
    return { apartmentId: a.id, number: a.number, ...totals };
  });
  return { rows, totals: rows.reduce<StatementTotals>((sum, r) => addTotals(sum, r), zeroTotals) };
}

export type BookLine = Pick<LedgerEntry, 'id' | 'date' | 'kind' | 'group' | 'description' | 'apartmentId'> & {
  descriptionKey: LedgerEntry['descriptionKey'];
  descriptionParams: LedgerEntry['descriptionParams'];
  /** Money in; a bounce is income taken back (negative): the check's money never arrived, nothing was spent. */
  incomeAgorot: number;
  expenseAgorot: number;
};

export type HalfYearReport = {
  range: YearRange;
  /** The day the open debts are aged on: the range's last day, or today when the half is not over. */
  asOf: string;
  /** The building's account before the half and after it (its movements up to the range's end). */
  openingBalanceAgorot: number;
  closingBalanceAgorot: number;
  /** Every movement of the account in the half, in date order. */
  book: BookLine[];
  incomeAgorot: number;
  expensesAgorot: number;
  /** Expenses per budget group, largest first. */
  expensesByGroup: { group: string; amountAgorot: number }[];
  /** Apartments that owe something on `asOf`, by the age of each charge, and the building's sums. */
  debts: ({ apartmentId: string; number: string; totalAgorot: number } & Record<DebtAge, number>)[];
  debtTotals: { totalAgorot: number } & Record<DebtAge, number>;
};

/**
 * The report a committee owes the owners each half-year: the book of the account's income and expenses,
 * the balance before and after, expenses per group, and what each apartment still owes, aged on `asOf`
 * (src/lib/domain/debtAge.ts) from only the movements up to that day.
 */
export function halfYearReport(
  entries: readonly LedgerEntry[],
  apartments: readonly { id: string; number: string }[],
  range: YearRange,
  today: string,
): HalfYearReport {
  const asOf = today < range.to ? today : range.to;
  const before = entries.filter((e) => e.date < range.from);
  const upToEnd = entries.filter((e) => e.date <= range.to);
  const book = entries
    .filter((e) => e.date >= range.from && e.date <= range.to && accountMove(e) !== 0)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((e): BookLine => {
      const effect = accountMove(e);
      const takenBack = e.kind === 'bounce';
      return {
        id: e.id,
        date: e.date,
        kind: e.kind,
        group: e.group,
        description: e.description,
        descriptionKey: e.descriptionKey ?? null,
        descriptionParams: e.descriptionParams ?? null,
        apartmentId: e.apartmentId,
        incomeAgorot: takenBack ? effect : Math.max(0, effect),
        expenseAgorot: takenBack ? 0 : Math.max(0, -effect),
      };
    });
  const groups = new Map<string, number>();
  for (const e of entries)
    if (e.kind === 'expense' && e.date >= range.from && e.date <= range.to)
      groups.set(e.group ?? 'other', (groups.get(e.group ?? 'other') ?? 0) + e.amountAgorot);
  const known = entries.filter((e) => e.date <= asOf);
  const debts = apartments
    .map((a) => {
      const byAge = openChargesByAge(
        known.filter((e) => e.apartmentId === a.id),
        asOf,
      );
      return { apartmentId: a.id, number: a.number, ...byAge, totalAgorot: byAge.pastDue + byAge.current + byAge.coming };
    })
    .filter((d) => d.totalAgorot > 0);
  const sum = (pick: (d: (typeof debts)[number]) => number) => sumAgorot(debts.map(pick));
  return {
    range,
    asOf,
    openingBalanceAgorot: balanceOf(before),
    closingBalanceAgorot: balanceOf(upToEnd),
    book,
    incomeAgorot: sumAgorot(book.map((l) => l.incomeAgorot)),
    expensesAgorot: sumAgorot(book.map((l) => l.expenseAgorot)),
    expensesByGroup: [...groups.entries()]
      .map(([group, amountAgorot]) => ({ group, amountAgorot }))
      .sort((a, b) => b.amountAgorot - a.amountAgorot || a.group.localeCompare(b.group)),
    debts,
    debtTotals: { pastDue: sum((d) => d.pastDue), current: sum((d) => d.current), coming: sum((d) => d.coming), totalAgorot: sum((d) => d.totalAgorot) },
  };
}

/** A calendar month (yyyy-mm) as a range of local dates. */
export function monthRange(month: string): YearRange {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y ?? 2000, m ?? 1, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export const ledgerExportHeader = ['id', 'kind', 'date', 'apartment', 'amount_agorot', 'reference', 'description'] as const;

export type ExportEntry = LedgerEntry & { sourceKind?: string | null; sourceId?: string | null };

/**
 * The accountant's export of a month: one row per movement, in date order — its id, kind, date, the
 * apartment's number, the amount in whole agorot (positive; the kind gives the direction) and a
 * reference (a receipt or invoice number when `referenceOf` knows one, else what posted the row).
 */
export function ledgerExportRows(
  entries: readonly ExportEntry[],
  month: string,
  apartmentNumber: (id: string) => string,
  referenceOf: (e: ExportEntry) => string | null = () => null,
): (string | number)[][] {
  const { from, to } = monthRange(month);
  return entries
    .filter((e) => e.date >= from && e.date <= to)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((e) => [
      e.id,
      e.kind,
      e.date,
      e.apartmentId ? apartmentNumber(e.apartmentId) : '',
      e.amountAgorot,
      referenceOf(e) ?? (e.sourceKind ? `${e.sourceKind}:${e.sourceId ?? ''}` : ''),
      e.description,
    ]);
}
