// The activity reports of a building over a year: detailed (every movement, in date order) and
// periodic (income against expenses per month, quarter or year), and their CSV exports. Pure: the
// screen gives the texts it wants in the header and the kinds' names.
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

export type CsvTexts = { header: readonly string[]; kindName(kind: LedgerEntry['kind']): string; groupName(group: string | null): string; total: string };

/** Date, kind, group, description, amount in and out of the account; a last line of totals. */
export function detailedCsv(rows: readonly LedgerEntry[], texts: CsvTexts): string {
  const body = rows.map((e) => {
    const effect = accountEffect(e);
    return [e.date, texts.kindName(e.kind), texts.groupName(e.group), e.description, effect > 0 ? csvAmount(effect) : '', effect < 0 ? csvAmount(-effect) : ''];
  });
  const income = rows.reduce((s, e) => s + Math.max(0, accountEffect(e)), 0);
  const expenses = rows.reduce((s, e) => s + Math.max(0, -accountEffect(e)), 0);
  return toCsv([texts.header, ...body, [texts.total, '', '', '', csvAmount(income), csvAmount(expenses)]]);
}

export function periodicCsv(rows: readonly PeriodTotals[], header: readonly string[], total: string): string {
  const sum = rows.reduce((s, r) => ({ income: s.income + r.income, expenses: s.expenses + r.expenses }), { income: 0, expenses: 0 });
  return toCsv([header, ...rows.map((r) => [r.period, csvAmount(r.income), csvAmount(r.expenses), csvAmount(r.net)]), [total, csvAmount(sum.income), csvAmount(sum.expenses), csvAmount(sum.income - sum.expenses)]]);
}
