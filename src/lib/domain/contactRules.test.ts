import { describe, expect, it } from 'vitest';
import { fullNameOf, normalizePhone, registeredMatch, validateNewContact } from './contactRules.ts';

const registered = [
  { buildingId: 101, phone: '0521234567', fullName: 'Dana  Levi' },
  { buildingId: 102, phone: '0539999999', fullName: 'משה כהן' },
];
const base = { buildingId: 101, firstName: 'Yossi', lastName: 'Mizrahi', phone: '0541111111', email: null };

describe('contact rules', () => {
  it('refuses a reporter when no building is selected', () => {
    expect(validateNewContact({ ...base, buildingId: null }, registered)).toEqual({ field: 'buildingId', messageKey: 'noBuildingSelected' });
  });

  it('refuses a phone already registered to the building, however it is typed', () => {
    expect(validateNewContact({ ...base, phone: '+972-52-123-4567' }, registered)).toEqual({ field: 'phone', messageKey: 'contactAlreadyRegistered' });
    expect(normalizePhone('972521234567')).toBe('0521234567');
  });

  it('refuses the same full name regardless of case and spacing', () => {
    expect(validateNewContact({ ...base, firstName: 'dana', lastName: 'LEVI', phone: null }, registered)).toEqual({
      field: 'fullName',
      messageKey: 'contactAlreadyRegistered',
    });
  });

  it('accepts the same person in another building', () => {
    expect(registeredMatch(101, { phone: '0539999999', fullName: 'משה כהן' }, registered)).toBeNull();
    expect(registeredMatch(102, { phone: '0539999999', fullName: 'someone else' }, registered)).not.toBeNull();
  });

  it('checks names and phone format before duplicates', () => {
    expect(validateNewContact({ ...base, firstName: 'D' }, registered)).toEqual({ field: 'firstName', messageKey: 'nameTooShort' });
    expect(validateNewContact({ ...base, phone: '123' }, registered)).toEqual({ field: 'phone', messageKey: 'invalidPhone' });
    expect(validateNewContact(base, registered)).toBeNull();
  });

  it('builds the full name from first and last name unless one is given', () => {
    expect(fullNameOf({ firstName: ' Avi ', lastName: 'Cohen' })).toBe('Avi Cohen');
    expect(fullNameOf({ firstName: 'Avi', lastName: 'Cohen', fullName: 'Dr.  Avi Cohen' })).toBe('Dr. Avi Cohen');
  });
});
