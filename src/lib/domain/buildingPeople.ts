// Who runs a building (issue 31 §4): its house committee and its contacts — the management company, the
// emergency numbers, the maintenance worker's office hours. Management staff and the building's committee
// keep it; residents read it.
//
// A committee member's phone and e-mail are private: residents see a way to reach a member only as the
// member chose (call, WhatsApp/SMS, e-mail), and every choice is off until set. The rule that cuts the
// residents' copy is here, once: the server answers residents with it, so a private number never leaves
// the server for them.
import type { RuleResult } from '../validation/rules.ts';
import { digitsOnly, email, firstFailure, isBlank, isValidPhone, personName, phone, required } from '../validation/rules.ts';

export const committeeRoles = ['chair', 'treasurer', 'member'] as const;
export type CommitteeRole = (typeof committeeRoles)[number];

export const emergencyKinds = ['plumber', 'electrician', 'elevator', 'locksmith', 'gas', 'other'] as const;
export type EmergencyKind = (typeof emergencyKinds)[number];

export const MAX_COMMITTEE_MEMBERS = 15;
export const MAX_EMERGENCY_CONTACTS = 20;
export const PEOPLE_TEXT_MAX = 200;

export type CommitteeMember = {
  id: string;
  name: string;
  committeeRole: CommitteeRole;
  phone: string;
  email: string;
  /** The member's consent, each off until the member agrees. */
  showCall: boolean;
  showMessage: boolean;
  showEmail: boolean;
};

export type EmergencyContact = { id: string; kind: EmergencyKind; name: string; phone: string };

export type ManagementContact = { name: string; phone: string; email: string; officeHours: string };

export type BuildingPeopleInput = {
  members: CommitteeMember[];
  management: ManagementContact;
  emergency: EmergencyContact[];
  /** The maintenance worker's office hours, as the office words them. */
  workerHours: string;
};

/** What a building holds (version 0: nothing saved yet). */
export type BuildingPeople = BuildingPeopleInput & { buildingId: number; version: number; updatedAt: string | null; updatedBy: string | null };

export const emptyBuildingPeople = (buildingId: number): BuildingPeople => ({
  buildingId,
  members: [],
  management: { name: '', phone: '', email: '', officeHours: '' },
  emergency: [],
  workerHours: '',
  version: 0,
  updatedAt: null,
  updatedBy: null,
});

/** A business line may be a nationwide number (1-700, 1-800, 1-599 and six digits) as well as an ordinary phone. */
export function isServiceNumber(value: string): boolean {
  return isValidPhone(value) || /^1(700|800|599)\d{6}$/.test(digitsOnly(value));
}

function serviceNumber(value: string, field: string, isRequired: boolean): RuleResult {
  if (isBlank(value)) return isRequired ? { field, messageKey: 'requiredField' } : null;
  return isServiceNumber(value) ? null : { field, messageKey: 'invalidPhone' };
}

const tooLong = (field: string, value: string, max = PEOPLE_TEXT_MAX): RuleResult =>
  value.trim().length > max ? { field, messageKey: 'textTooLong', params: { max } } : null;

function memberFailure(m: CommitteeMember, i: number): RuleResult {
  const at = `members.${i}`;
  return firstFailure(
    personName(m.name, `${at}.name`),
    tooLong(`${at}.name`, m.name),
    // A way to reach the member that is shown needs the detail it opens.
    phone(m.phone, `${at}.phone`, m.showCall || m.showMessage),
    email(m.email, `${at}.email`, m.showEmail),
  );
}

function emergencyFailure(e: EmergencyContact, i: number): RuleResult {
  const at = `emergency.${i}`;
  return firstFailure(e.kind === 'other' ? required(`${at}.name`, e.name) : null, tooLong(`${at}.name`, e.name), serviceNumber(e.phone, `${at}.phone`, true));
}

/** Spec 5: names of at least 2 characters, valid phones and e-mails; a field is named by its path (`members.0.phone`). */
export function validateBuildingPeople(input: BuildingPeopleInput): RuleResult {
  const { management: office } = input;
  return firstFailure(
    ...input.members.map(memberFailure),
    tooLong('management.name', office.name),
    serviceNumber(office.phone, 'management.phone', false),
    email(office.email, 'management.email'),
    tooLong('management.officeHours', office.officeHours),
    ...input.emergency.map(emergencyFailure),
    tooLong('workerHours', input.workerHours),
  );
}

/** The residents' copy: a member's phone only if a call or a message is allowed, the e-mail only if e-mail is. */
export function residentsView(people: BuildingPeople): BuildingPeople {
  return {
    ...people,
    members: people.members.map((m) => ({
      ...m,
      phone: m.showCall || m.showMessage ? m.phone : '',
      email: m.showEmail ? m.email : '',
    })),
  };
}

/** Nothing to show residents yet: no member, no office detail, no number, no hours. */
export function isEmptyPeople(p: BuildingPeopleInput): boolean {
  const o = p.management;
  return p.members.length === 0 && p.emergency.length === 0 && [o.name, o.phone, o.email, o.officeHours, p.workerHours].every(isBlank);
}
