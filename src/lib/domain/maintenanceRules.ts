// Maintenance plan rules (spec 4/5), shared by the maintenance screens and the server: a test is
// 'unchecked', 'done' or 'notCompleted'; sending the plan with tests not done needs a confirmation.
import type { MaintenanceTest, MaintenanceTestStatus } from './entities.ts';
import type { RuleResult } from '../validation/rules.ts';

/** Tests that block a plain "send": everything that is not done. */
export function incompleteTests<T extends Pick<MaintenanceTest, 'status'>>(tests: readonly T[]): T[] {
  return tests.filter((t) => t.status !== 'done');
}

/** Sending with incomplete tests is refused unless the user confirmed it. */
export function validatePlanSend(tests: readonly Pick<MaintenanceTest, 'status'>[], confirmIncomplete: boolean): RuleResult {
  return incompleteTests(tests).length > 0 && !confirmIncomplete ? { field: 'confirmIncomplete', messageKey: 'testsNotCompleted' } : null;
}

/** When a test was done: kept when it stays done, now when it becomes done, cleared otherwise. */
export function doneAtAfter(status: MaintenanceTestStatus, currentDoneAt: string | null, nowIso: string): string | null {
  return status === 'done' ? (currentDoneAt ?? nowIso) : null;
}
