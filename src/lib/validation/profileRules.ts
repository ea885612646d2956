// Profile change requests (spec 6: they go to the management company, which approves or refuses) and
// data deletion requests (to the administrator), shared by the profile screen and the server.
import type { RuleResult } from './rules.ts';
import { email, firstFailure, isBlank, personName, phone } from './rules.ts';

export const profileRequestKinds = ['change', 'deletion'] as const;
export type ProfileRequestKind = (typeof profileRequestKinds)[number];
export const profileRequestStates = ['pending', 'approved', 'refused'] as const;

/** The details a user may ask to change. */
export type ProfileDetails = { fullName: string; phone: string; email: string };

export const profileNoteMax = 500;

/** A change request names at least one detail that differs from the current one, each valid. */
export function validateProfileChange(wanted: Partial<ProfileDetails>, current: ProfileDetails): RuleResult {
  const changed = (['fullName', 'phone', 'email'] as const).filter((k) => wanted[k] !== undefined && (wanted[k] ?? '').trim() !== current[k]);
  if (changed.length === 0) return { field: 'fullName', messageKey: 'missingDetailsToContinue' };
  return firstFailure(
    changed.includes('fullName') ? personName(wanted.fullName, 'fullName') : null,
    changed.includes('phone') ? phone(wanted.phone, 'phone') : null,
    changed.includes('email') ? email(wanted.email, 'email', true) : null,
  );
}

export function validateProfileNote(note: string | null | undefined): RuleResult {
  return !isBlank(note) && (note ?? '').trim().length > profileNoteMax ? { field: 'note', messageKey: 'textTooLong', params: { max: profileNoteMax } } : null;
}
