// Gates (spec 1, 3, 6): a name, the gate's phone and at least one dialing phone, all valid Israeli
// numbers; a public gate is created, changed or deleted only through the committee.
import type { Role } from '../rights/rights.ts';
import type { RuleResult } from '../validation/rules.ts';
import { digitsOnly, firstFailure, phone, required } from '../validation/rules.ts';

export type GateInput = { name: string; gatePhone: string; dialingPhones: readonly string[]; isPublic: boolean };

export function validateGate(input: GateInput): RuleResult {
  const dialing = input.dialingPhones.filter((p) => digitsOnly(p) !== '');
  return firstFailure(
    required('name', input.name),
    phone(input.gatePhone, 'gatePhone'),
    dialing.length === 0 ? { field: 'dialingPhones', messageKey: 'requiredField' } : null,
    ...dialing.map((p) => phone(p, 'dialingPhones')),
  );
}

/** Who may touch a public gate: the committee only (spec 6); private gates follow `gates.manage`. */
export function mayManageGate(role: Role, isPublic: boolean): boolean {
  return !isPublic || role === 'committee';
}

/** Phones as stored: digits only, empty ones dropped. */
export function normalizedPhones(phones: readonly string[]): string[] {
  return phones.map(digitsOnly).filter((p) => p !== '');
}
