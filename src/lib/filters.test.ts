import { describe, expect, it } from 'vitest';
import { applyFilters, filterOperators, matchesRule } from './filters';
import type { FilterRule } from './filters';

const bids = [
  { id: 'a', supplier: 'חשמל הצפון בע"מ', amount: 1200, quotedAt: '2026-03-10', description: 'Elevator repair' },
  { id: 'b', supplier: 'Aqua Pumps Ltd', amount: 800, quotedAt: '2026-03-12T09:30:00', description: 'Pump service' },
  { id: 'c', supplier: 'שירותי מעליות', amount: 1200, quotedAt: '2026-02-28', description: 'Elevator inspection' },
  { id: 'd', supplier: 'Aqua Pumps Ltd', amount: null, quotedAt: null, description: 'Quote pending' },
];

const ids = (rules: FilterRule[], sort: Parameters<typeof applyFilters>[2] = []) => applyFilters(bids, rules, sort).map((b) => b.id);

describe('filter operators of spec section 3', () => {
  it('knows the nine operators', () => {
    expect(filterOperators).toEqual(['equals', 'contains', 'endsWith', 'greaterThan', 'greaterOrEqual', 'dateIs', 'before', 'after', 'isNot']);
  });

  it('compares text without case, points or gershayim', () => {
    expect(ids([{ field: 'supplier', operator: 'equals', value: 'aqua pumps ltd' }])).toEqual(['b', 'd']);
    expect(ids([{ field: 'supplier', operator: 'contains', value: 'חשמל הצפון בעמ' }])).toEqual(['a']);
    expect(ids([{ field: 'description', operator: 'endsWith', value: 'REPAIR' }])).toEqual(['a']);
    expect(ids([{ field: 'supplier', operator: 'isNot', value: 'Aqua Pumps Ltd' }])).toEqual(['a', 'c']);
  });

  it('compares amounts as numbers, and a missing amount never passes a comparison', () => {
    expect(ids([{ field: 'amount', operator: 'greaterThan', value: 800 }])).toEqual(['a', 'c']);
    expect(ids([{ field: 'amount', operator: 'greaterOrEqual', value: '800' }])).toEqual(['a', 'b', 'c']);
    expect(ids([{ field: 'amount', operator: 'equals', value: 1200 }])).toEqual(['a', 'c']);
  });

  it('compares dates as calendar days: date is, before, after', () => {
    expect(ids([{ field: 'quotedAt', operator: 'dateIs', value: '2026-03-12' }])).toEqual(['b']);
    expect(ids([{ field: 'quotedAt', operator: 'before', value: '2026-03-10' }])).toEqual(['c']);
    expect(ids([{ field: 'quotedAt', operator: 'after', value: '2026-03-10' }])).toEqual(['b']);
  });

  it('ignores a rule without a value and combines rules with "and"', () => {
    expect(matchesRule(bids[0] ?? {}, { field: 'supplier', operator: 'equals', value: '' })).toBe(true);
    expect(
      ids([
        { field: 'description', operator: 'contains', value: 'elevator' },
        { field: 'quotedAt', operator: 'after', value: '2026-03-01' },
      ]),
    ).toEqual(['a']);
  });

  it('sorts ascending or descending by several fields, missing values last, stable', () => {
    expect(
      ids(
        [],
        [
          { field: 'amount', direction: 'desc' },
          { field: 'quotedAt', direction: 'asc' },
        ],
      ),
    ).toEqual(['c', 'a', 'b', 'd']);
    expect(ids([], [{ field: 'amount', direction: 'asc' }])).toEqual(['b', 'a', 'c', 'd']);
    expect(ids([], [{ field: 'quotedAt', direction: 'desc' }])).toEqual(['b', 'a', 'c', 'd']);
  });
});
