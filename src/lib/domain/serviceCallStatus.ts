// Allowed service-call status changes. The spec leaves them unshown (section 4); this is the design:
// a call moves forward through treatment, can be closed or cancelled on the way, a treated or tested
// call can be sent back to open, and a closed call can be reopened. Cancelled is final.
import type { ServiceCallStatus, ServiceCallTab } from './entities.ts';

export const serviceCallTransitions: Readonly<Record<ServiceCallStatus, readonly ServiceCallStatus[]>> = {
  planned: ['open'],
  open: ['inTreatment', 'inExecution', 'treated', 'closed', 'cancelled'],
  inTreatment: ['inExecution', 'treated', 'closed', 'cancelled'],
  inExecution: ['treated', 'closed', 'cancelled'],
  treated: ['finishedTesting', 'closed', 'open'],
  finishedTesting: ['closed', 'open'],
  closed: ['open'],
  cancelled: [],
};

export function nextStatuses(from: ServiceCallStatus): readonly ServiceCallStatus[] {
  return serviceCallTransitions[from];
}

/** Setting the same status again is a no-op, not a transition, so it is allowed. */
export function canTransition(from: ServiceCallStatus, to: ServiceCallStatus): boolean {
  return from === to || serviceCallTransitions[from].includes(to);
}

const closedStatuses: readonly ServiceCallStatus[] = ['closed', 'cancelled'];

export function isClosedStatus(status: ServiceCallStatus): boolean {
  return closedStatuses.includes(status);
}

/** Which list tab a call appears on. */
export function tabOf(status: ServiceCallStatus): ServiceCallTab {
  if (status === 'planned') return 'planned';
  return isClosedStatus(status) ? 'closed' : 'open';
}

/** closedAt follows the status: set on entering closed/cancelled, cleared on reopening. */
export function closedAtAfter(from: ServiceCallStatus, to: ServiceCallStatus, previousClosedAt: string | null, nowIso: string): string | null {
  if (isClosedStatus(to)) return isClosedStatus(from) ? previousClosedAt : nowIso;
  return null;
}
