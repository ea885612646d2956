import { describe, expect, it } from 'vitest';
import { doneAtAfter, incompleteTests, validatePlanSend } from './maintenanceRules.ts';

describe('maintenance plan', () => {
  const tests = [{ status: 'done' as const }, { status: 'unchecked' as const }, { status: 'notCompleted' as const }];

  it('counts unchecked and not-completed tests as incomplete', () => {
    expect(incompleteTests(tests)).toHaveLength(2);
    expect(incompleteTests([{ status: 'done' as const }])).toEqual([]);
  });

  it('refuses to send an incomplete plan unless confirmed', () => {
    expect(validatePlanSend(tests, false)).toEqual({ field: 'confirmIncomplete', messageKey: 'testsNotCompleted' });
    expect(validatePlanSend(tests, true)).toBeNull();
    expect(validatePlanSend([{ status: 'done' }], false)).toBeNull();
  });

  it('keeps the first done time and clears it when a test is unticked', () => {
    expect(doneAtAfter('done', null, '2025-01-02T00:00:00Z')).toBe('2025-01-02T00:00:00Z');
    expect(doneAtAfter('done', '2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z')).toBe('2025-01-01T00:00:00Z');
    expect(doneAtAfter('unchecked', '2025-01-01T00:00:00Z', '2025-01-02T00:00:00Z')).toBeNull();
    expect(doneAtAfter('notCompleted', null, '2025-01-02T00:00:00Z')).toBeNull();
  });
});
