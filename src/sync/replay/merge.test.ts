import { describe, expect, it } from 'vitest';
import { changedSince, sameValue, threeWayMerge } from './merge';

describe('threeWayMerge', () => {
  const base = { subject: 'Leak', priority: 'normal', status: 'open', lastVisitAt: null };

  it('keeps my change of a field the server did not touch', () => {
    const theirs = { ...base, status: 'inTreatment', version: 3 };
    expect(threeWayMerge(base, { priority: 'urgent' }, theirs)).toEqual({ merged: { priority: 'urgent' }, conflicts: [] });
  });

  it('agrees silently when both sides set the same value', () => {
    expect(threeWayMerge(base, { priority: 'high' }, { ...base, priority: 'high' })).toEqual({ merged: { priority: 'high' }, conflicts: [] });
  });

  it('reports a field changed on both sides to different values', () => {
    const result = threeWayMerge(base, { priority: 'urgent', subject: 'Big leak' }, { ...base, priority: 'low' });
    expect(result.merged).toEqual({ subject: 'Big leak' });
    expect(result.conflicts).toEqual([{ field: 'priority', base: 'normal', mine: 'urgent', theirs: 'low' }]);
  });

  it('compares arrays and objects by value, null like undefined', () => {
    expect(sameValue([{ id: 'a', done: true }], [{ id: 'a', done: true }])).toBe(true);
    expect(sameValue([{ id: 'a', done: true }], [{ id: 'a', done: false }])).toBe(false);
    expect(sameValue(null, undefined)).toBe(true);
    const checklist = [{ id: 'x', done: false }];
    expect(threeWayMerge({ checklist }, { checklist: [{ id: 'x', done: true }] }, { checklist: [{ id: 'x', done: false }] }).conflicts).toEqual([]);
  });
});

describe('changedSince', () => {
  it('lists what the server changed after the row was deleted here, ignoring bookkeeping', () => {
    expect(changedSince({ a: 1, b: 2, version: 1 }, { a: 1, b: 3, version: 2, updatedAt: 'x' })).toEqual([{ field: 'b', base: 2, mine: 2, theirs: 3 }]);
  });
});
