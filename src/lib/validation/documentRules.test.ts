import { describe, expect, it } from 'vitest';
import { signatureFormOf, validateSignedForm } from '../forms/signatureForms';
import { documentLimits } from '../uploadLimits';
import { validateDocument, validateSendTo } from './documentRules';
import { validateLead } from './leadRules';
import { validateProfileChange } from './profileRules';
import { validateVisitor } from './visitorRules';

describe('document rules', () => {
  const ok = { title: 'Protocol 11/2026', kind: 'protocol', mimeType: 'application/pdf', size: 1000 };

  it('takes a titled PDF or image of a kind a person uploads, within the size limit named in the refusal', () => {
    expect(validateDocument(ok)).toBeNull();
    expect(validateDocument({ ...ok, mimeType: 'image/png' })).toBeNull();
    expect(validateDocument({ ...ok, mimeType: 'text/plain' })).toEqual({ field: 'file', messageKey: 'onlyPdfOrImageAllowed' });
    expect(validateDocument({ ...ok, kind: 'signedForm' })?.field).toBe('kind');
    expect(validateDocument({ ...ok, title: ' ' })).toEqual({ field: 'title', messageKey: 'requiredField' });
    expect(validateDocument({ ...ok, size: documentLimits.maxDocumentBytes + 1 })).toEqual({
      field: 'file',
      messageKey: 'fileTooLarge',
      params: { size: '10 MB' },
    });
  });

  it('needs an e-mail address to send a file, and a valid one', () => {
    expect(validateSendTo('')).toEqual({ field: 'to', messageKey: 'emailRequiredToSendFile' });
    expect(validateSendTo('someone@')).toEqual({ field: 'to', messageKey: 'invalidEmail' });
    expect(validateSendTo(' vaad@example.org ')).toBeNull();
  });
});

describe('people rules', () => {
  it('checks a contact-us form: name, Israeli phone, optional e-mail, building', () => {
    const lead = { fullName: 'רונית', phone: '0521234567', email: '', building: 'הרצל 12', note: '' };
    expect(validateLead(lead)).toBeNull();
    expect(validateLead({ ...lead, phone: '12345' })?.messageKey).toBe('invalidPhone');
    expect(validateLead({ ...lead, email: 'x@' })?.messageKey).toBe('invalidEmail');
    expect(validateLead({ ...lead, building: '' })?.field).toBe('building');
  });

  it('asks a profile change for at least one different, valid detail', () => {
    const current = { fullName: 'משה פרץ', phone: '0534445566', email: 'moshe@example.org' };
    expect(validateProfileChange({ ...current }, current)?.messageKey).toBe('missingDetailsToContinue');
    expect(validateProfileChange({ ...current, phone: '0541112233' }, current)).toBeNull();
    expect(validateProfileChange({ ...current, email: 'no' }, current)?.field).toBe('email');
  });

  it('needs every field of a signature form, the signer and a signature', () => {
    const form = signatureFormOf('keyReceipt');
    expect(form?.fields).toEqual(['keyDescription', 'keyCount']);
    const input = { formId: 'keyReceipt', values: { keyDescription: 'מחסן', keyCount: '1' }, signerName: 'משה פרץ', signed: true };
    expect(validateSignedForm(input)).toBeNull();
    expect(validateSignedForm({ ...input, signed: false })).toEqual({ field: 'signature', messageKey: 'signatureRequired' });
    expect(validateSignedForm({ ...input, values: { keyDescription: 'מחסן' } })?.field).toBe('keyCount');
    expect(validateSignedForm({ ...input, formId: 'nope' })?.field).toBe('formId');
  });

  it('needs a visitor’s name', () => {
    expect(validateVisitor({ name: 'דני', apartment: '7' })).toBeNull();
    expect(validateVisitor({ name: '', apartment: '' })).toEqual({ field: 'name', messageKey: 'requiredField' });
  });
});
