// Gates (spec 1, 3, 6): a name, the gate's phone and the dialing phones, all valid Israeli numbers; a
// public gate is created, changed or deleted only through the committee.
//
// Who may open a gate (issue 27): a gate opens for those it names, and the dialer calls it only from a
// number that is the caller's own or the gate's own line, never from another person's number.
// - Anyone whose own phone is on the gate's list (a resident with parking, a supplier or the front desk
//   the committee listed) opens it, and the dialer calls from that phone.
// - A public gate also names every resident of its building (owner, renter, the house committee): they
//   open it through the gate's line (`dialerLine`), when the gate has one.
// - Nobody else: not a supplier, worker or guard whose phone is not listed, nor a renter without parking,
//   nor management staff (they may list their own number, as any manager of gates may).
import type { Role } from '../rights/rights.ts';
import type { MessageKey } from '../validation/messages.ts';
import type { RuleResult } from '../validation/rules.ts';
import { digitsOnly, firstFailure, phone, required } from '../validation/rules.ts';

export type GateInput = { name: string; gatePhone: string; dialingPhones: readonly string[]; isPublic: boolean; dialerLine?: string | null };

export function validateGate(input: GateInput): RuleResult {
  const dialing = input.dialingPhones.filter((p) => digitsOnly(p) !== '');
  const line = input.dialerLine ?? '';
  const lineListed = digitsOnly(line) !== '' && dialing.some((p) => samePhone(p, line));
  return firstFailure(
    required('name', input.name),
    phone(input.gatePhone, 'gatePhone'),
    dialing.length === 0 && digitsOnly(line) === '' ? { field: 'dialingPhones', messageKey: 'requiredField' } : null,
    ...dialing.map((p) => phone(p, 'dialingPhones')),
    phone(line, 'dialerLine', false),
    // The line calls for people not on the list: a listed person's own number must never serve as it.
    lineListed ? { field: 'dialerLine', messageKey: 'gateLineIsPersonalNumber' } : null,
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

/** One number in one form for comparing: digits, the country code 972 written as the leading 0. */
export function canonicalPhone(value: string): string {
  const d = digitsOnly(value);
  return d.startsWith('972') ? `0${d.slice(3)}` : d;
}

export function samePhone(a: string, b: string): boolean {
  const ca = canonicalPhone(a);
  return ca !== '' && ca === canonicalPhone(b);
}

/** Roles that live in a building (or represent those who do): a public gate names them. */
export const gateResidentRoles: readonly Role[] = ['owner', 'renter', 'committee'];

/** How a caller is admitted: from their own listed phone, or through the gate's line. */
export type GateVia = 'ownPhone' | 'gateLine';

/** What the caller may do with a gate, as the server decides it and the screen shows it before they try. */
export type GateAccess = { allowed: true; via: GateVia } | { allowed: false; reason: MessageKey };

export type GateForAccess = { dialingPhones: readonly string[]; isPublic: boolean; dialerLine: string | null };
/**
 * Who asks: their role, their account's phone, and whether this session proved that phone (signed in with
 * a code sent to it by SMS or call; server/src/auth/signInMethod.ts).
 */
export type GateCaller = { role: Role; phone: string | null; phoneVerified: boolean };

/**
 * Whether the gate names the caller, and how (the caller's building is checked before, by the server).
 * The gate is dialed from a listed phone only for a session that proved it holds that phone: an account's
 * number typed in (or signed in to with a password or an e-mailed code) could be anybody's. A resident of
 * a public gate is still let in through the gate's own line.
 */
export function gateAccessOf(gate: GateForAccess, caller: GateCaller): GateAccess {
  const own = caller.phone ?? '';
  const listed = gate.dialingPhones.some((p) => samePhone(p, own));
  if (listed && caller.phoneVerified) return { allowed: true, via: 'ownPhone' };
  if (gate.isPublic && gateResidentRoles.includes(caller.role)) {
    return digitsOnly(gate.dialerLine ?? '') !== '' ? { allowed: true, via: 'gateLine' } : { allowed: false, reason: 'gateHasNoLine' };
  }
  return { allowed: false, reason: listed ? 'phoneMustBeVerified' : 'gateNotForYou' };
}

/** The number the dialer calls from for an admitted caller: their own, or the gate's line. */
export function dialingNumberOf(gate: GateForAccess, caller: Pick<GateCaller, 'phone'>, via: GateVia): string {
  const listed = gate.dialingPhones.find((p) => samePhone(p, caller.phone ?? ''));
  return via === 'ownPhone' ? digitsOnly(listed ?? '') : digitsOnly(gate.dialerLine ?? '');
}
