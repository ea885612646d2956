import { describe, expect, it } from 'vitest';
import {
  depositCode,
  description,
  digitsOnly,
  email,
  firstFailure,
  imageFile,
  isValidPhone,
  localDate,
  otpCode,
  personName,
  phone,
  positiveInteger,
  required,
  validateContact,
  validateServiceCall,
} from './rules.ts';

describe('field rules', () => {
  it('treats empty and whitespace as missing', () => {
    expect(required('x', '  ')).toEqual({ field: 'x', messageKey: 'requiredField' });
    expect(required('x', null)).not.toBeNull();
    expect(required('x', 0)).toBeNull();
  });

  it('requires a description of at least 10 characters', () => {
    expect(description('short')).toEqual({ field: 'description', messageKey: 'descriptionTooShort' });
    expect(description('   123456789   ')?.messageKey).toBe('descriptionTooShort');
    expect(description('')?.messageKey).toBe('requiredField');
    expect(description('1234567890')).toBeNull();
  });

  it('requires names of at least 2 characters', () => {
    expect(personName('א', 'firstName')).toEqual({ field: 'firstName', messageKey: 'nameTooShort' });
    expect(personName('אב', 'firstName')).toBeNull();
  });

  it('strips non-digits from phones and accepts Israeli numbers', () => {
    expect(digitsOnly('054-123 4567')).toBe('0541234567');
    expect(isValidPhone('054-1234567')).toBe(true);
    expect(isValidPhone('03-5551234')).toBe(true);
    expect(isValidPhone('+972 54 123 4567')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(phone('12345')?.messageKey).toBe('invalidPhone');
    expect(phone('', 'phone', false)).toBeNull();
    expect(phone('')?.messageKey).toBe('requiredField');
  });

  it('checks e-mail addresses', () => {
    expect(email('a@b.co')).toBeNull();
    expect(email('a@b')?.messageKey).toBe('invalidEmail');
    expect(email(null)).toBeNull();
    expect(email(null, 'email', true)?.messageKey).toBe('requiredField');
  });

  it('accepts a 5-digit verification code and a 6-digit deposit code only', () => {
    expect(otpCode('12345')).toBeNull();
    expect(otpCode('1234')?.messageKey).toBe('invalidCode');
    expect(otpCode('12a45')?.messageKey).toBe('invalidCode');
    expect(depositCode('123456')).toBeNull();
    expect(depositCode('12345')?.messageKey).toBe('invalidCode');
  });

  it('validates numbers and local dates', () => {
    expect(positiveInteger('1001', 'compID')).toBeNull();
    expect(positiveInteger('10a', 'compID')?.messageKey).toBe('invalidNumber');
    expect(localDate('2024-02-29', 'd')).toBeNull();
    expect(localDate('2023-02-29', 'd')?.messageKey).toBe('invalidDate');
    expect(localDate('29/02/2024', 'd')?.messageKey).toBe('invalidDate');
  });

  it('returns the first failure', () => {
    expect(firstFailure(null, { field: 'a', messageKey: 'requiredField' }, { field: 'b', messageKey: 'invalidEmail' })?.field).toBe('a');
    expect(firstFailure(null, null)).toBeNull();
  });

  it('accepts only images', () => {
    expect(imageFile({ type: 'image/png', name: 'a.png' })).toBeNull();
    expect(imageFile({ type: 'application/pdf', name: 'a.pdf' })?.messageKey).toBe('onlyImageAllowed');
    expect(imageFile({ type: 'image/png', name: 'a.png' }, 'file', true)?.messageKey).toBe('onlyImageAllowed');
  });
});

describe('form rules', () => {
  const contact = { buildingId: 1, firstName: 'דנה', lastName: 'לוי', phone: '0541234567', email: null };

  it('refuses a reporter without a building', () => {
    expect(validateContact({ ...contact, buildingId: null })).toEqual({ field: 'buildingId', messageKey: 'noBuildingSelected' });
    expect(validateContact(contact)).toBeNull();
    expect(validateContact({ ...contact, lastName: 'ל' })?.field).toBe('lastName');
  });

  it('requires a domain and a long enough description for a service call', () => {
    expect(validateServiceCall({ buildingId: 1, domain: '', description: 'נזילה בלובי הראשי' })?.field).toBe('domain');
    expect(validateServiceCall({ buildingId: 1, domain: 'plumbing', description: 'נזילה' })?.messageKey).toBe('descriptionTooShort');
    expect(validateServiceCall({ buildingId: 1, domain: 'plumbing', description: 'נזילה בלובי הראשי' })).toBeNull();
  });
});
