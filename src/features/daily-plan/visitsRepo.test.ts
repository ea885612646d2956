import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { DailyPlanEntry } from '../../lib/domain/entities';
import { resetDb, USER } from '../../sync/testing/setup';
import { mergedChecklist, recordVisit, setChecklistItem } from './visitsRepo';
import { visitOf } from './visitsQueries';
import { RuleError } from '../../lib/validation/rules';

const entry: DailyPlanEntry = {
  buildingId: 101,
  order: 1,
  checklist: [
    { id: '101-lobby', label: 'Lobby' },
    { id: '101-roof', label: 'Roof' },
  ],
};
const today = '2026-11-21';

beforeEach(resetDb);

describe('visitsRepo', () => {
  it('creates the visit with a client UUID on the first tick, then patches it with the base version', async () => {
    const id = await setChecklistItem(entry, today, '101-lobby', true);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db.visits.get(id)).toMatchObject({
      buildingId: 101,
      visitDate: today,
      workerId: 'w-avi',
      madeToday: false,
      syncState: 'local',
      checklist: [
        { id: '101-lobby', done: true },
        { id: '101-roof', done: false },
      ],
    });
    expect(await setChecklistItem(entry, today, '101-roof', true)).toBe(id);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries).toMatchObject([
      { op: 'create', entityKey: `visits:${id}`, request: { method: 'POST', path: 'visits' }, ownerUserKey: USER },
      { op: 'update', request: { method: 'PATCH', path: `visits/${id}` }, baseVersion: 0, payload: { checklist: [{ done: true }, { done: true }] } },
    ]);
    expect(entries[0]?.payload).not.toHaveProperty('syncState');
  });

  it('keeps one visit per building and day when taps come quickly', async () => {
    await Promise.all([setChecklistItem(entry, today, '101-lobby', true), setChecklistItem(entry, today, '101-roof', true)]);
    expect(await db.visits.count()).toBe(1);
    expect((await visitOf(101, today, 'w-avi'))?.checklist.every((i) => i.done)).toBe(true);
  });

  it('records the visit as made today only with a description of at least 10 characters', async () => {
    await expect(recordVisit(entry, today, 'short')).rejects.toBeInstanceOf(RuleError);
    await expect(recordVisit(entry, today, '')).rejects.toMatchObject({ failure: { field: 'description', messageKey: 'requiredField' } });
    expect(await db.outbox.count()).toBe(0);
    const id = await recordVisit(entry, today, '  Lobby cleaned, lights checked ');
    expect(await db.visits.get(id)).toMatchObject({ madeToday: true, description: 'Lobby cleaned, lights checked' });
    const [create] = await db.outbox.toArray();
    expect(create?.payload).toMatchObject({ id, buildingId: 101, visitDate: today, madeToday: true, checklist: [{ done: false }, { done: false }] });
  });

  it('merges the plan checklist with the ticks a visit already has', () => {
    expect(
      mergedChecklist(entry, {
        checklist: [
          { id: '101-roof', label: 'Roof', done: true },
          { id: 'old', label: 'Old', done: true },
        ],
      }),
    ).toEqual([
      { id: '101-lobby', label: 'Lobby', done: false },
      { id: '101-roof', label: 'Roof', done: true },
      { id: 'old', label: 'Old', done: true },
    ]);
  });
});
