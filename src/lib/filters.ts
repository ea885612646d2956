// Filter rules and sorting of spec section 3 ("bid filters"): equals, contains, ends with, greater
// than, greater than or equal to, date is, is before, is after, is not; ascending or descending.
// Pure, shared by the screens and the server so a filter means the same thing on both sides.
import { toDate, toLocalDateString } from './dates.ts';
import { normalizeForSearch } from './text.ts';

export const filterOperators = ['equals', 'contains', 'endsWith', 'greaterThan', 'greaterOrEqual', 'dateIs', 'before', 'after', 'isNot'] as const;
export type FilterOperator = (typeof filterOperators)[number];

export type FilterValue = string | number | null;
export type FilterRule<F extends string = string> = { field: F; operator: FilterOperator; value: FilterValue };
export type SortRule<F extends string = string> = { field: F; direction: 'asc' | 'desc' };

type Row = Record<string, unknown>;

function isDateLike(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
}

/** The local calendar day of a date or an instant (yyyy-mm-dd). */
function dayOf(value: unknown): string | null {
  if (!isDateLike(value)) return null;
  const d = toDate(value.length === 10 ? value : new Date(value));
  return Number.isNaN(d.getTime()) ? null : toLocalDateString(d);
}

function text(value: unknown): string {
  return normalizeForSearch(value === null || value === undefined ? '' : String(value));
}

/** Numbers compare as numbers, dates as calendar days (a date-only value is a whole day), text as text. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const da = dayOf(a);
  const db = dayOf(b);
  if (da !== null && db !== null && (String(b).length === 10 || String(a).length === 10)) return da < db ? -1 : da > db ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return text(a) < text(b) ? -1 : text(a) > text(b) ? 1 : 0;
}

export function matchesRule(row: Row, rule: FilterRule): boolean {
  const actual = row[rule.field];
  const wanted = rule.value;
  if (wanted === null || wanted === '') return true;
  switch (rule.operator) {
    case 'equals':
      return typeof actual === 'number' ? actual === Number(wanted) : text(actual) === text(wanted);
    case 'isNot':
      return typeof actual === 'number' ? actual !== Number(wanted) : text(actual) !== text(wanted);
    case 'contains':
      return text(actual).includes(text(wanted));
    case 'endsWith':
      return text(actual).endsWith(text(wanted));
    case 'greaterThan':
      return actual !== null && actual !== undefined && compare(actual, wanted) > 0;
    case 'greaterOrEqual':
      return actual !== null && actual !== undefined && compare(actual, wanted) >= 0;
    case 'dateIs':
      return dayOf(actual) !== null && dayOf(actual) === dayOf(wanted);
    case 'before': {
      const day = dayOf(actual);
      const limit = dayOf(wanted);
      return day !== null && limit !== null && day < limit;
    }
    case 'after': {
      const day = dayOf(actual);
      const limit = dayOf(wanted);
      return day !== null && limit !== null && day > limit;
    }
  }
}

/** Rows matching every rule, sorted by the sort rules in order (a stable sort; nulls last). */
export function applyFilters<R extends Row>(rows: readonly R[], rules: readonly FilterRule[], sort: readonly SortRule[] = []): R[] {
  const kept = rows.filter((row) => rules.every((rule) => matchesRule(row, rule)));
  if (sort.length === 0) return kept;
  return kept
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      for (const s of sort) {
        const a = x.row[s.field];
        const b = y.row[s.field];
        const aMissing = a === null || a === undefined;
        const bMissing = b === null || b === undefined;
        if (aMissing !== bMissing) return aMissing ? 1 : -1;
        if (aMissing) continue;
        const c = compare(a, b);
        if (c !== 0) return s.direction === 'asc' ? c : -c;
      }
      return x.index - y.index;
    })
    .map((x) => x.row);
}
