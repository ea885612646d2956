// One apply path: a change sent alone is a batch of one. The same 409s (one that merges, one that needs
// the user) go through `applyAnswers` whether they came alone or in a batch, and leave the same outbox,
// rows and sync log.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../db/db';
import type { OutboxEntry } from '../../db/outboxRows';
import { createServiceCall, updateServiceCall } from '../testing/serviceCallRecords';
import { createRig, resetDb } from '../testing/setup';
import { applyAnswers } from './applyAnswers';
import type * as ApplyAnswersModule from './applyAnswers';

vi.mock('./applyAnswers', async (importOriginal) => {
  const actual = await importOriginal<typeof ApplyAnswersModule>();
  return { ...actual, applyAnswers: vi.fn(actual.applyAnswers) };
});

const newCall = { buildingId: 1, domain: 'plumbing' as const, description: 'Leak in the basement pipe' };

/** What an entry says to the user and the engine, without its generated ids and times. */
function shapeOf(entry: OutboxEntry) {
  return {
    op: entry.op,
    state: entry.state,
    attempts: entry.attempts,
    baseVersion: entry.baseVersion,
    payload: entry.payload,
    lastError: entry.lastError?.messageKey,
    conflict: entry.conflict ? { fields: entry.conflict.fields, merged: entry.conflict.merged } : null,
  };
}

/** Two calls changed on the server and here: one merges, one conflicts; what the device holds after one pass. */
async function replayConflicts(serverBatches: boolean) {
  await resetDb();
  const rig = createRig({ serverBatches });
  const merging = await createServiceCall(newCall);
  const conflicting = await createServiceCall({ ...newCall, description: 'Broken intercom' });
  await rig.engine.replay();
  rig.server.editAsOther(`service-calls/${merging}`, { status: 'inTreatment' });
  rig.server.editAsOther(`service-calls/${conflicting}`, { priority: 'low', subject: 'Theirs' });
  await updateServiceCall(merging, { priority: 'urgent' });
  await updateServiceCall(conflicting, { priority: 'urgent', subject: 'Mine', description: 'A much better description' });
  vi.mocked(applyAnswers).mockClear();
  const { ran, ...report } = await rig.engine.replay();
  expect(ran).toBe(true);
  const rowOf = async (id: string) => {
    const row = await db.serviceCalls.get(id);
    return { priority: row?.priority, subject: row?.subject, status: row?.status, version: row?.version, syncState: row?.syncState };
  };
  const log = (await db.syncLog.orderBy('id').toArray()).map((l) => [l.op, l.status, l.outcome, l.attempt]);
  return {
    report,
    entries: (await db.outbox.orderBy('seq').toArray()).map(shapeOf),
    rows: [await rowOf(merging), await rowOf(conflicting)],
    // Answers to the same record come in order; across records, in whichever order they came.
    log: log.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    calls: vi.mocked(applyAnswers).mock.calls.map(([answers, , marking]) => ({ answers: answers.map((a) => a.verdict?.kind ?? null), marking })),
  };
}

beforeEach(resetDb);

describe('one apply path for every answer', () => {
  it('applies a conflict answer to a change sent alone as a batch of one, exactly as inside a batch', async () => {
    const alone = await replayConflicts(false);
    const batched = await replayConflicts(true);

    // Alone: each answer is a batch of one, its entry written when it went.
    expect(alone.calls.every((c) => c.answers.length === 1 && c.marking.stored && c.marking.flight === null)).toBe(true);
    expect(alone.calls.flatMap((c) => c.answers).filter((kind) => kind === 'conflict')).toHaveLength(2);
    // In a batch: both 409s in one call, the batch's flight dropped with them.
    expect(batched.calls[0]).toEqual({ answers: ['conflict', 'conflict'], marking: { flight: expect.any(String), stored: false } });

    expect(alone.entries).toEqual(batched.entries);
    expect(alone.rows).toEqual(batched.rows);
    expect(alone.log).toEqual(batched.log);
    expect(alone.report).toEqual(batched.report);
    expect(alone.entries).toEqual([
      expect.objectContaining({ state: 'attention', conflict: expect.objectContaining({ merged: { description: 'A much better description' } }) }),
    ]);
    expect(alone.rows).toEqual([
      expect.objectContaining({ priority: 'urgent', status: 'inTreatment', version: 3, syncState: 'synced' }),
      expect.objectContaining({ syncState: 'attention' }),
    ]);
  });
});
