import { describe, expect, it } from 'vitest';
import type { BuildingPeople, CommitteeMember } from './buildingPeople.ts';
import { emptyBuildingPeople, isEmptyPeople, residentsView, validateBuildingPeople } from './buildingPeople.ts';

const member = (fields: Partial<CommitteeMember> = {}): CommitteeMember => ({
  id: 'm1',
  name: 'Rina Biton',
  committeeRole: 'chair',
  phone: '052-3334455',
  email: 'rina@example.com',
  showCall: false,
  showMessage: false,
  showEmail: false,
  ...fields,
});
const people = (fields: Partial<BuildingPeople> = {}): BuildingPeople => ({ ...emptyBuildingPeople(101), ...fields });

describe('who runs a building: what residents see', () => {
  it('shows a member’s phone and e-mail to residents only as the member consented (nothing by default)', () => {
    const hidden = residentsView(people({ members: [member()] })).members[0];
    expect(hidden).toMatchObject({ name: 'Rina Biton', committeeRole: 'chair', phone: '', email: '' });
    const byMessage = residentsView(people({ members: [member({ showMessage: true })] })).members[0];
    expect(byMessage).toMatchObject({ phone: '052-3334455', email: '' });
    const byMail = residentsView(people({ members: [member({ showEmail: true })] })).members[0];
    expect(byMail).toMatchObject({ phone: '', email: 'rina@example.com' });
  });

  it('calls a building with nothing saved empty, and one with only office hours not', () => {
    expect(isEmptyPeople(people())).toBe(true);
    expect(isEmptyPeople(people({ workerHours: 'Sun–Thu 8:00–12:00' }))).toBe(false);
  });
});

describe('who runs a building: validation (spec 5)', () => {
  it('accepts a building with nothing filled in, and private details left blank', () => {
    expect(validateBuildingPeople(people())).toBeNull();
    expect(validateBuildingPeople(people({ members: [member({ phone: '', email: '' })] }))).toBeNull();
  });

  it('refuses an invalid phone or e-mail by its path', () => {
    expect(validateBuildingPeople(people({ members: [member({ phone: '12345' })] }))).toMatchObject({ field: 'members.0.phone', messageKey: 'invalidPhone' });
    expect(validateBuildingPeople(people({ management: { name: 'Binyan', phone: '', email: 'office@', officeHours: '' } }))).toMatchObject({
      field: 'management.email',
      messageKey: 'invalidEmail',
    });
    expect(validateBuildingPeople(people({ emergency: [{ id: 'e1', kind: 'plumber', name: '', phone: '03-12' }] }))).toMatchObject({
      field: 'emergency.0.phone',
      messageKey: 'invalidPhone',
    });
  });

  it('requires the detail a shown contact button opens, a name of at least 2 characters, and a name for an “other” number', () => {
    expect(validateBuildingPeople(people({ members: [member({ phone: '', showCall: true })] }))).toMatchObject({
      field: 'members.0.phone',
      messageKey: 'requiredField',
    });
    expect(validateBuildingPeople(people({ members: [member({ email: '', showEmail: true })] }))).toMatchObject({
      field: 'members.0.email',
      messageKey: 'requiredField',
    });
    expect(validateBuildingPeople(people({ members: [member({ name: 'R' })] }))).toMatchObject({ field: 'members.0.name', messageKey: 'nameTooShort' });
    expect(validateBuildingPeople(people({ emergency: [{ id: 'e1', kind: 'other', name: ' ', phone: '0501234567' }] }))).toMatchObject({
      field: 'emergency.0.name',
      messageKey: 'requiredField',
    });
    expect(validateBuildingPeople(people({ emergency: [{ id: 'e1', kind: 'plumber', name: '', phone: '0501234567' }] }))).toBeNull();
  });

  it('takes a nationwide business number (1-700, 1-800) for the office and emergencies, not for a member', () => {
    expect(validateBuildingPeople(people({ emergency: [{ id: 'e1', kind: 'elevator', name: '', phone: '1-700-500-500' }] }))).toBeNull();
    expect(validateBuildingPeople(people({ management: { name: '', phone: '1800123456', email: '', officeHours: '' } }))).toBeNull();
    expect(validateBuildingPeople(people({ members: [member({ phone: '1700500500' })] }))).toMatchObject({
      field: 'members.0.phone',
      messageKey: 'invalidPhone',
    });
  });

  it('refuses texts over the limit', () => {
    expect(validateBuildingPeople(people({ workerHours: 'x'.repeat(201) }))).toMatchObject({
      field: 'workerHours',
      messageKey: 'textTooLong',
      params: { max: 200 },
    });
  });
});
