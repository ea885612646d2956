// The front desk's visitors log (spec 1 "receptionist module"): a visitor's name, and the apartment
// they visit (optional: a visitor of the building's office), shared by the desk and the server.
import type { RuleResult } from './rules.ts';
import { firstFailure, personName } from './rules.ts';

export const visitorApartmentMax = 40;

export type VisitorInput = { name: string; apartment: string };

export function validateVisitor(input: VisitorInput): RuleResult {
  return firstFailure(
    personName(input.name, 'name'),
    input.name.trim().length > 120 ? { field: 'name', messageKey: 'textTooLong', params: { max: 120 } } : null,
    input.apartment.trim().length > visitorApartmentMax ? { field: 'apartment', messageKey: 'textTooLong', params: { max: visitorApartmentMax } } : null,
  );
}
