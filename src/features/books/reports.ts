// The activity reports of a building over a year: detailed (every movement, in date order) and
// periodic (income against expenses per month, quarter or year), as tables that export to CSV and to
// an Excel file alike. Pure: the screen gives the texts it wants in the header and the kinds' names.
import { csvAmount, toCsv } from '../../lib/csv';
import type { LedgerEntry, Period, PeriodTotals } from '../../lib/domain/ledger';
import { accountEffect, periodTotals } from '../../lib/domain/ledger';

export type YearRange = { from: string; to: string };

export const yearRange = (year: number): YearRange => ({ from: `${year}-01-01`, to: `${year}-12-31` });

export function detailedRows(ledger: readonly LedgerEntry[], range: YearRange): LedgerEntry[] {
  return ledger.filter((e) => e.date >= range.from && e.date <= range.to && e.kind !== 'charge');
}

export function periodicRows(ledger: readonly LedgerEntry[], period: Period, range: YearRange): PeriodTotals[] {
  return periodTotals(ledger, period, range.from, range.to);
}

/** A cell of an exported table: text, or an amount in agorot (a number with two decimals in Excel). */
export type Cell = string | { agorot: number } | null;
export type Table = { header: readonly string[]; rows: readonly (readonly Cell[])[]; total: readonly Cell[] };

const money = (agorot: number): Cell => ({ agorot });

export type DetailedTexts = {
  header: readonly string[];
  kindName(kind: LedgerEntry['kind']): string;
  groupName(group: string | null): string;
  description(row: LedgerEntry): string;
  total: string;
};

/** Date, kind, group, description, amount into and out of the account; a last line of totals. */
export function detailedTable(rows: readonly LedgerEntry[], texts: DetailedTexts): Table {
  const income = rows.reduce((s, e) => s + Math.max(0, accountEffect(e)), 0);
  const expenses = rows.reduce((s, e) => s + Math.max(0, -accountEffect(e)), 0);
  return {
    header: texts.header,
    rows: rows.map((e) => {
      const effect = accountEffect(e);
      return [
        e.date,
        texts.kindName(e.kind),
        texts.groupName(e.group),
        texts.description(e),
        effect > 0 ? money(effect) : null,
        effect < 0 ? money(-effect) : null,
      ];
    }),
    total: [texts.total, null, null, null, money(income), money(expenses)],
  };
}

/** Period, income, expenses and net per row; a last line of the year's totals. */
export function periodicTable(rows: readonly PeriodTotals[], header: readonly string[], total: string, periodName: (key: string) => string = (k) => k): Table {
  const sum = rows.reduce((s, r) => ({ income: s.income + r.income, expenses: s.expenses + r.expenses }), { income: 0, expenses: 0 });
  return {
    header,
    rows: rows.map((r) => [periodName(r.period), money(r.income), money(r.expenses), money(r.net)]),
    total: [total, money(sum.income), money(sum.expenses), money(sum.income - sum.expenses)],
  };
}

const csvCell = (c: Cell) => (c === null ? '' : typeof c === 'string' ? c : csvAmount(c.agorot));

export function tableCsv(table: Table): string {
  return toCsv([table.header, ...table.rows.map((r) => r.map(csvCell)), table.total.map(csvCell)]);
}
