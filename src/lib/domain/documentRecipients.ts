// Where a document may be e-mailed (issue 27): those who read every document of their buildings (staff,
// workers, the committee) send to any address; those who read only their own unit's and the building's
// public ones (tenants, the front desk) send only to their household: their own address and the
// addresses of their unit's contacts. The server refuses any other address; the send dialog offers only these.
import type { Role } from '../rights/rights.ts';
import { documentScopes } from '../rights/rights.ts';
import type { RuleResult } from '../validation/rules.ts';

/** An address the dialog offers: the user's own, or one of their unit's contacts. */
export type HouseholdAddress = { email: string; name: string; self: boolean };

export function mayMailDocumentsAnywhere(role: Role): boolean {
  return documentScopes[role] === 'all';
}

const canonical = (email: string) => email.trim().toLowerCase();

/** `to` for a user of `role` whose household has `household` addresses. */
export function documentRecipient(role: Role, to: string, household: readonly Pick<HouseholdAddress, 'email'>[], field = 'to'): RuleResult {
  if (mayMailDocumentsAnywhere(role)) return null;
  return household.some((a) => canonical(a.email) === canonical(to)) ? null : { field, messageKey: 'recipientNotAllowed' };
}
