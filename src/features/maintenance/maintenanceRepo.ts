// Facilities and the maintenance plan of a building: tick tests (done / unchecked / not completed) and
// send the plan to the committee. Every action is a row + one outbox entry in one transaction; the
// send is kept as a local record in `meta` so it shows its own sync state and replays exactly once.
import type { ApiClient } from '../../api/client';
import { db } from '../../db/db';
import { entityKeyOf, newId } from '../../db/mutate';
import type { SyncState } from '../../db/schema';
import type { MaintenanceTestStatus } from '../../lib/domain/entities';
import { doneAtAfter, incompleteTests, validatePlanSend } from '../../lib/domain/maintenanceRules';
import { RuleError } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { pullInto } from '../../sync/replay/pull';
import { changeRecord, createRecord } from '../../sync/write/writePath';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';

export const PLAN_SEND_PREFIX = 'maintenancePlan.send:';

export type PlanSend = { id: string; buildingId: number; sentAt: string; confirmIncomplete: boolean; incompleteCount: number; testsCount: number };
export type PlanSendRow = { key: string; value: PlanSend; syncState: SyncState };

/** Marks a test done, 'Unchecked' or not completed (optionally with a note of what is missing). */
export async function setTestStatus(id: string, status: MaintenanceTestStatus, notes?: string | null): Promise<void> {
  const actor = await currentActor();
  const now = new Date().toISOString();
  const changes = notes === undefined ? { status } : { status, notes: notes?.trim() || null };
  await changeRecord({
    table: 'maintenanceTests',
    id,
    op: 'status',
    changes,
    rowChanges: (row) => ({ doneAt: doneAtAfter(status, row.doneAt, now) }),
    request: { path: `maintenance-tests/${id}` },
    userKey: actor.userKey,
  });
}

/**
 * Sends the plan to the committee. With tests not done it is refused unless `confirmIncomplete`
 * (the server checks again, with the tests as they are there). Waits for the ticks still in the outbox.
 */
export async function sendPlanToCommittee(buildingId: number, confirmIncomplete: boolean): Promise<string> {
  const tests = await db.maintenanceTests.where('buildingId').equals(buildingId).toArray();
  const failure = validatePlanSend(tests, confirmIncomplete);
  // The screen asks "send anyway?" with the number of tests not done.
  if (failure) throw new RuleError({ ...failure, params: { incompleteCount: incompleteTests(tests).length } });
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${PLAN_SEND_PREFIX}${id}`;
  const value: PlanSend = {
    id,
    buildingId,
    sentAt: new Date().toISOString(),
    confirmIncomplete,
    incompleteCount: incompleteTests(tests).length,
    testsCount: tests.length,
  };
  const testKeys = tests.map((t) => entityKeyOf('maintenanceTests', t.id));
  const pending = testKeys.length ? await db.outbox.where('entityKey').anyOf(testKeys).toArray() : [];
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value },
    path: `buildings/${buildingId}/maintenance-plan/send`,
    payload: { confirmIncomplete },
    dependsOn: [...new Set(pending.map((e) => e.entityKey))],
    userKey: actor.userKey,
  });
  return id;
}

export async function pullMaintenance(api: ApiClient, buildingId: number) {
  await pullInto(api, { table: 'facilities', path: `buildings/${buildingId}/facilities`, scope: (row) => row.buildingId === buildingId });
  return pullInto(api, { table: 'maintenanceTests', path: `buildings/${buildingId}/maintenance-tests`, scope: (row) => row.buildingId === buildingId });
}
