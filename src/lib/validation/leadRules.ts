// "Contact us" (spec 1): a prospective customer leaves their details and a representative calls back.
// The form's rules (spec 5: name, a valid phone, an optional valid e-mail), shared with the server.
import type { RuleResult } from './rules.ts';
import { email, firstFailure, isBlank, personName, phone, required } from './rules.ts';

export type LeadInput = { fullName: string; phone: string; email: string; building: string; note: string };

export const leadNoteMax = 1000;
export const leadBuildingMax = 200;

export function validateLead(input: LeadInput): RuleResult {
  return firstFailure(
    personName(input.fullName, 'fullName'),
    phone(input.phone, 'phone'),
    email(input.email, 'email'),
    required('building', input.building),
    input.building.trim().length > leadBuildingMax ? { field: 'building', messageKey: 'textTooLong', params: { max: leadBuildingMax } } : null,
    !isBlank(input.note) && input.note.trim().length > leadNoteMax ? { field: 'note', messageKey: 'textTooLong', params: { max: leadNoteMax } } : null,
  );
}
