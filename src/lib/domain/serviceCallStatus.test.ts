import { describe, expect, it } from 'vitest';
import { serviceCallStatuses } from './entities.ts';
import { canTransition, closedAtAfter, nextStatuses, tabOf } from './serviceCallStatus.ts';

describe('service-call status transitions', () => {
  it('moves a planned call only to open', () => {
    expect(nextStatuses('planned')).toEqual(['open']);
    expect(canTransition('planned', 'closed')).toBe(false);
  });

  it('lets an open call be treated, closed or cancelled', () => {
    for (const to of ['inTreatment', 'inExecution', 'treated', 'closed', 'cancelled'] as const) {
      expect(canTransition('open', to)).toBe(true);
    }
    expect(canTransition('open', 'finishedTesting')).toBe(false);
  });

  it('reopens closed calls but never cancelled ones', () => {
    expect(canTransition('closed', 'open')).toBe(true);
    expect(canTransition('closed', 'inTreatment')).toBe(false);
    for (const to of serviceCallStatuses) {
      expect(canTransition('cancelled', to)).toBe(to === 'cancelled');
    }
  });

  it('treats the same status as a no-op', () => {
    for (const s of serviceCallStatuses) expect(canTransition(s, s)).toBe(true);
  });

  it('maps statuses to tabs', () => {
    expect(tabOf('planned')).toBe('planned');
    expect(tabOf('open')).toBe('open');
    expect(tabOf('finishedTesting')).toBe('open');
    expect(tabOf('closed')).toBe('closed');
    expect(tabOf('cancelled')).toBe('closed');
  });

  it('sets closedAt when closing and clears it on reopen', () => {
    expect(closedAtAfter('open', 'closed', null, 'T1')).toBe('T1');
    expect(closedAtAfter('closed', 'cancelled', 'T0', 'T1')).toBe('T0');
    expect(closedAtAfter('closed', 'open', 'T0', 'T1')).toBeNull();
  });
});
