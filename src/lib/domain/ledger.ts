// The one ledger of a building (issues "tenants pay" and "the committee's books"): every money movement
// is one row — an opening balance, a charge to an apartment (committee fee, special charge, an EV
// reading turned into a charge), a payment (card, standing order, checks) with what it settles, an
// expense, other income, a petty-cash movement, a credit that reverses all or part of a wrong charge, a
// refund (money given back) and a bounce (a check that came back unpaid: the money never arrived). Balances, open debts and every report are queries over
// these rows, so they always add up. Amounts are positive whole agorot; the kind gives the direction.
import { assertAgorot, sumAgorot } from '../agorot.ts';
import type { DebtKind } from './entities.ts';
import type { LedgerTextKey, LedgerTextParams } from './ledgerText.ts';

export const ledgerKinds = ['openingBalance', 'charge', 'payment', 'refund', 'income', 'expense', 'pettyCashIn', 'pettyCashOut', 'credit', 'bounce'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

export type Settlement = { chargeId: string; amountAgorot: number };

export type LedgerEntry = {
  id: string;
  buildingId: number;
  kind: LedgerKind;
  /** Local date of the movement (yyyy-mm-dd): a payment's day, a charge's billing day, an expense's date. */
  date: string;
  amountAgorot: number;
  apartmentId: string | null;
  /** Charges: what the debt is, and when it is due. */
  debtKind: DebtKind | null;
  dueDate: string | null;
  /** Expenses and income: the budget group (domain). */
  group: string | null;
  description: string;
  /** Rows the system posts: what they are as a message key and params (ledgerText.ts); null for a person's text. */
  descriptionKey?: LedgerTextKey | null;
  descriptionParams?: LedgerTextParams | null;
  /** Payments: the charges they settle and how much of each; refunds and bounces: what they reopen of them; credits: the charge they reverse. */
  settles: readonly Settlement[];
};

/** Money into the building's account (+) or out of it (−); charges, credits and petty cash do not move it. */
export function accountEffect(entry: Pick<LedgerEntry, 'kind' | 'amountAgorot'>): number {
  switch (entry.kind) {
    case 'openingBalance':
    case 'payment':
    case 'income':
      return entry.amountAgorot;
    case 'expense':
    case 'refund':
    case 'bounce':
      return -entry.amountAgorot;
    case 'charge':
    case 'credit':
    case 'pettyCashIn':
    case 'pettyCashOut':
      return 0;
  }
}

export function accountBalance(entries: readonly LedgerEntry[]): number {
  return sumAgorot(entries.map(accountEffect));
}

export function pettyCashBalance(entries: readonly LedgerEntry[]): number {
  return sumAgorot(entries.map((e) => (e.kind === 'pettyCashIn' ? e.amountAgorot : e.kind === 'pettyCashOut' ? -e.amountAgorot : 0)));
}

export type OpenDebt = {
  chargeId: string;
  apartmentId: string;
  debtKind: DebtKind | null;
  dueDate: string | null;
  description: string;
  charged: number;
  settled: number;
  open: number;
};

/** Each charge of the apartment with what payments settled of it; only those still open, oldest due first. */
export function openDebts(entries: readonly LedgerEntry[], apartmentId: string): OpenDebt[] {
  const settled = settledByCharge(entries);
  return entries
    .filter((e) => e.kind === 'charge' && e.apartmentId === apartmentId)
    .map((c) => {
      const paid = settled.get(c.id) ?? 0;
      return {
        chargeId: c.id,
        apartmentId,
        debtKind: c.debtKind,
        dueDate: c.dueDate,
        description: c.description,
        charged: c.amountAgorot,
        settled: paid,
        open: c.amountAgorot - paid,
      };
    })
    .filter((d) => d.open > 0)
    .sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || a.chargeId.localeCompare(b.chargeId));
}

/**
 * Whether the apartment owes a charge whose due date has passed (a charge without one is due on its own
 * date). A building may refuse room bookings to such an apartment (spec 8 "there is a debt").
 */
export function hasPastDueDebt(entries: readonly LedgerEntry[], apartmentId: string, today: string): boolean {
  const dateOf = new Map(entries.map((e) => [e.id, e.date]));
  return openDebts(entries, apartmentId).some((d) => (d.dueDate ?? dateOf.get(d.chargeId) ?? today) < today);
}

/** How much of each charge payments settled and credits reversed, less what refunds and bounces reopened. */
export function settledByCharge(entries: readonly LedgerEntry[]): Map<string, number> {
  const settled = new Map<string, number>();
  for (const e of entries) {
    const sign = e.kind === 'payment' || e.kind === 'credit' ? 1 : e.kind === 'refund' || e.kind === 'bounce' ? -1 : 0;
    if (sign !== 0) for (const s of e.settles) settled.set(s.chargeId, (settled.get(s.chargeId) ?? 0) + sign * s.amountAgorot);
  }
  return settled;
}

/**
 * The check whose bounce reopened each charge (by charge id; the latest bounce of it), named by the check's
 * number as the bounce row carries it ('' when the check had none): a debt that is open again says why.
 */
export function reopenedByBounce(entries: readonly LedgerEntry[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of [...entries].sort((a, b) => a.date.localeCompare(b.date)))
    if (e.kind === 'bounce') for (const s of e.settles) out.set(s.chargeId, e.descriptionParams?.number ?? '');
  return out;
}

/** What the apartment owes: its charges, refunds and bounces less its payments and credits (negative: a credit). */
export function apartmentBalance(entries: readonly LedgerEntry[], apartmentId: string): number {
  return sumAgorot(entries.filter((e) => e.apartmentId === apartmentId).map(owedEffect));
}

/** What a row adds to (+) or takes off (−) what its apartment owes. */
export function owedEffect(entry: Pick<LedgerEntry, 'kind' | 'amountAgorot'>): number {
  switch (entry.kind) {
    case 'charge':
    case 'refund':
    case 'bounce':
      return entry.amountAgorot;
    case 'payment':
    case 'credit':
      return -entry.amountAgorot;
    default:
      return 0;
  }
}

/**
 * What a refund of a payment reopens: of the charges the payment settled, less what earlier refunds of
 * it reopened, the last ones first, up to the refund's amount (beyond them it was a credit).
 */
export function unsettle(paid: readonly Settlement[], earlier: readonly Settlement[], amountAgorot: number): Settlement[] {
  assertAgorot(amountAgorot);
  const left = new Map<string, number>();
  for (const s of paid) left.set(s.chargeId, (left.get(s.chargeId) ?? 0) + s.amountAgorot);
  for (const s of earlier) left.set(s.chargeId, (left.get(s.chargeId) ?? 0) - s.amountAgorot);
  const out: Settlement[] = [];
  let rest = amountAgorot;
  for (const s of [...paid].reverse()) {
    const open = left.get(s.chargeId) ?? 0;
    if (rest <= 0 || open <= 0) continue;
    const part = Math.min(rest, open);
    out.push({ chargeId: s.chargeId, amountAgorot: part });
    left.set(s.chargeId, open - part);
    rest -= part;
  }
  return out;
}

/**
 * How a payment settles the debts it names (or, when none are named, the oldest first): each debt at
 * most its open amount; what is left over stays unallocated (a credit on the apartment).
 */
export function settle(debts: readonly OpenDebt[], amountAgorot: number, chosen?: readonly string[]): { settles: Settlement[]; credit: number } {
  assertAgorot(amountAgorot);
  const targets = chosen ? debts.filter((d) => chosen.includes(d.chargeId)) : debts;
  const settles: Settlement[] = [];
  let left = amountAgorot;
  for (const d of targets) {
    if (left <= 0) break;
    const part = Math.min(left, d.open);
    settles.push({ chargeId: d.chargeId, amountAgorot: part });
    left -= part;
  }
  return { settles, credit: left };
}

export type Period = 'month' | 'quarter' | 'year';

export function periodKey(date: string, period: Period): string {
  const year = date.slice(0, 4);
  const month = Number(date.slice(5, 7));
  if (period === 'year') return year;
  if (period === 'quarter') return `${year}-Q${Math.ceil(month / 3)}`;
  return date.slice(0, 7);
}

export type PeriodTotals = { period: string; income: number; expenses: number; net: number };

/** Income (payments and other income) against expenses per month, quarter or year, in date order. */
export function periodTotals(entries: readonly LedgerEntry[], period: Period, from: string, to: string): PeriodTotals[] {
  const rows = new Map<string, PeriodTotals>();
  for (const e of entries) {
    if (e.date < from || e.date > to) continue;
    // A refund gives back income of its period; a bounce takes back income that never arrived.
    const income = e.kind === 'payment' || e.kind === 'income' ? e.amountAgorot : e.kind === 'refund' || e.kind === 'bounce' ? -e.amountAgorot : 0;
    const expenses = e.kind === 'expense' ? e.amountAgorot : 0;
    if (income === 0 && expenses === 0) continue;
    const key = periodKey(e.date, period);
    const row = rows.get(key) ?? { period: key, income: 0, expenses: 0, net: 0 };
    row.income += income;
    row.expenses += expenses;
    row.net = row.income - row.expenses;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.period.localeCompare(b.period));
}

export type BudgetLine = { group: string; year: number; amountAgorot: number };
export type BudgetRow = { group: string; budget: number; actual: number; months: number[]; remaining: number };

/** A year's budget per group against the expenses of that group, with the actual of each month. */
export function budgetVsActual(budget: readonly BudgetLine[], entries: readonly LedgerEntry[], year: number): BudgetRow[] {
  const rows = new Map<string, BudgetRow>();
  const rowOf = (group: string) => {
    let row = rows.get(group);
    if (!row) {
      row = { group, budget: 0, actual: 0, months: Array.from({ length: 12 }, () => 0), remaining: 0 };
      rows.set(group, row);
    }
    return row;
  };
  for (const line of budget) if (line.year === year) rowOf(line.group).budget += line.amountAgorot;
  for (const e of entries) {
    if (e.kind !== 'expense' || Number(e.date.slice(0, 4)) !== year) continue;
    const row = rowOf(e.group ?? '');
    row.actual += e.amountAgorot;
    const month = Number(e.date.slice(5, 7)) - 1;
    row.months[month] = (row.months[month] ?? 0) + e.amountAgorot;
  }
  for (const row of rows.values()) row.remaining = row.budget - row.actual;
  return [...rows.values()].sort((a, b) => a.group.localeCompare(b.group));
}
