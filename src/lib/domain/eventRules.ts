// Building events (spec 3, 4, 5): a title, a start before the end; a past event cannot be deleted.
import type { RuleResult } from '../validation/rules.ts';
import { firstFailure, required, wallClock } from '../validation/rules.ts';
import { wallMinutes } from './bookingRules.ts';

export type EventInput = { title: string; start: string; end: string };

export function validateEvent(input: EventInput): RuleResult {
  return firstFailure(
    required('title', input.title),
    wallClock(input.start, 'start'),
    wallClock(input.end, 'end'),
    wallMinutes(input.start) >= wallMinutes(input.end) ? { field: 'end', messageKey: 'startMustBeBeforeEnd' } : null,
  );
}

/** A past event stays on record (spec 4). */
export function mayDeleteEvent(event: { start: string }, now: string): RuleResult {
  return wallMinutes(event.start) <= wallMinutes(now) ? { field: 'id', messageKey: 'cannotDeletePastOrPaidEvent' } : null;
}
