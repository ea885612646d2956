import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../db/db';
import type { MaintenanceTestRow } from '../../db/schema';
import { createRig, resetDb } from '../../sync/testing/setup';
import { sendPlanToCommittee, setTestStatus } from './maintenanceRepo';
import { planSendsOfBuilding, testsOfBuilding } from './maintenanceQueries';

const test = (id: string, status: MaintenanceTestRow['status'], plannedDate: string): MaintenanceTestRow => ({
  id,
  buildingId: 3,
  facilityId: 'f1',
  title: `בדיקה ${id}`,
  plannedDate,
  status,
  doneAt: status === 'done' ? '2025-01-01T00:00:00Z' : null,
  notes: null,
  version: 2,
  updatedAt: '',
  syncState: 'synced',
});

beforeEach(async () => {
  await resetDb();
  await db.maintenanceTests.bulkAdd([test('t1', 'unchecked', '2025-03-01'), test('t2', 'done', '2025-02-01'), test('t3', 'notCompleted', '2025-04-01')]);
});

describe('ticking tests', () => {
  it('marks a test done with the time, as a versioned PATCH', async () => {
    await setTestStatus('t1', 'done');
    expect(await db.maintenanceTests.get('t1')).toMatchObject({ status: 'done', doneAt: expect.any(String), syncState: 'local' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      op: 'status',
      request: { method: 'PATCH', path: 'maintenance-tests/t1', wrap: 'changes' },
      payload: { status: 'done' },
      baseVersion: 2,
    });
  });

  it('clears the done time when unticked, and keeps a note of what is missing', async () => {
    await setTestStatus('t2', 'unchecked');
    expect(await db.maintenanceTests.get('t2')).toMatchObject({ status: 'unchecked', doneAt: null });
    await setTestStatus('t1', 'notCompleted', '  חסר מפתח לחדר המכונות ');
    expect(await db.maintenanceTests.get('t1')).toMatchObject({ status: 'notCompleted', notes: 'חסר מפתח לחדר המכונות' });
    expect((await testsOfBuilding(3)).map((t) => t.id)).toEqual(['t2', 't1', 't3']);
  });
});

describe('sending the plan to the committee', () => {
  it('asks for confirmation while tests are not completed', async () => {
    await expect(sendPlanToCommittee(3, false)).rejects.toMatchObject({ failure: { messageKey: 'testsNotCompleted' }, incompleteCount: 2 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends after confirmation, after the ticks still in the outbox', async () => {
    await setTestStatus('t1', 'done');
    const id = await sendPlanToCommittee(3, true);
    const [, send] = await db.outbox.orderBy('seq').toArray();
    expect(send).toMatchObject({
      request: { method: 'POST', path: 'buildings/3/maintenance-plan/send' },
      payload: { confirmIncomplete: true },
      dependsOn: ['maintenanceTests:t1'],
    });
    const [row] = await planSendsOfBuilding(3);
    expect(row).toMatchObject({ syncState: 'local', value: { id, buildingId: 3, incompleteCount: 1, testsCount: 3 } });
  });

  it('sends a complete plan without confirmation', async () => {
    await setTestStatus('t1', 'done');
    await setTestStatus('t3', 'done');
    await expect(sendPlanToCommittee(3, false)).resolves.toEqual(expect.any(String));
  });
});

it('replays ticks made offline exactly once', async () => {
  const rig = createRig();
  rig.server.records.set('maintenance-tests/t1', { ...test('t1', 'unchecked', '2025-03-01') });
  await setTestStatus('t1', 'done');
  await rig.engine.replay();
  await rig.engine.replay();
  expect(rig.server.applied.map((a) => `${a.method} ${a.path}`)).toEqual(['PATCH maintenance-tests/t1']);
  expect(await db.maintenanceTests.get('t1')).toMatchObject({ status: 'done', syncState: 'synced', version: 3 });
});
