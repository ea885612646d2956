// A building visit (spec 3: description, visit made today). Ticking checklist items needs nothing;
// marking the visit as made today needs a description (spec 5: required, at least 10 characters).
import type { RuleResult } from '../validation/rules.ts';
import { description } from '../validation/rules.ts';

export type VisitInput = { madeToday: boolean; description: string | null | undefined };

export function validateVisit(input: VisitInput): RuleResult {
  return input.madeToday ? description(input.description) : null;
}
