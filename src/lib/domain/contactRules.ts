// Adding a contact (a service call's reporter) to a building, spec 5: refused when no building is
// selected, and refused when the same person is already registered there — same phone (the last 10
// digits, so 050-… and +972 50-… match) or the same full name (case and spacing ignored).
import type { ContactInput, RuleResult } from '../validation/rules.ts';
import { digitsOnly, isBlank, validateContact } from '../validation/rules.ts';

type Registered = { buildingId: number; phone: string | null; fullName: string };

/** Full names compare without case and with runs of spaces collapsed. */
export function normalizeFullName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/** A phone as the helper sees it (spec 5: 10 digits at the end); +972 5x… becomes 05x…. */
export function normalizePhone(value: string | null | undefined): string {
  const digits = digitsOnly(value ?? '');
  const local = digits.startsWith('972') ? `0${digits.slice(3)}` : digits;
  return local.slice(-10);
}

export function fullNameOf(input: { firstName: string; lastName: string; fullName?: string | null | undefined }): string {
  const given = input.fullName?.trim();
  return given ? given.replace(/\s+/g, ' ') : `${input.firstName.trim()} ${input.lastName.trim()}`.trim();
}

/** Which detail of the candidate is already registered to `buildingId`: its phone, its full name, or none. */
export function registeredMatch(
  buildingId: number,
  candidate: { phone: string | null | undefined; fullName: string },
  existing: readonly Registered[],
): 'phone' | 'fullName' | null {
  const phone = isBlank(candidate.phone) ? '' : normalizePhone(candidate.phone);
  const name = normalizeFullName(candidate.fullName);
  const here = existing.filter((c) => c.buildingId === buildingId);
  if (phone !== '' && here.some((c) => c.phone !== null && normalizePhone(c.phone) === phone)) return 'phone';
  if (name !== '' && here.some((c) => normalizeFullName(c.fullName) === name)) return 'fullName';
  return null;
}

export type NewContactInput = ContactInput & { fullName?: string | null };

/** Every rule of a new contact, in the order the form shows them. */
export function validateNewContact(input: NewContactInput, existing: readonly Registered[]): RuleResult {
  const shape = validateContact(input);
  if (shape) return shape;
  const match = registeredMatch(input.buildingId as number, { phone: input.phone, fullName: fullNameOf(input) }, existing);
  return match ? { field: match, messageKey: 'contactAlreadyRegistered' } : null;
}
