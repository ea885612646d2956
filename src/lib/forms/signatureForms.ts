// The forms a tenant or a worker fills and signs on the screen (spec 1 "signature forms"). Their texts
// are in the `signForms` locale namespace (forms.<id>.title / .text, fields.<name>); every field is required.
import type { Role } from '../rights/rights.ts';
import { documentScopes } from '../rights/rights.ts';
import type { RuleResult } from '../validation/rules.ts';
import { firstFailure, isBlank, personName, required } from '../validation/rules.ts';

export const signatureForms = [
  { id: 'keyReceipt', fields: ['keyDescription', 'keyCount'] },
  { id: 'renovationNotice', fields: ['works', 'worksFrom', 'worksTo', 'contractor'] },
  { id: 'parkingRules', fields: ['carNumber'] },
] as const;

export type SignatureForm = (typeof signatureForms)[number];
export type SignatureFormId = SignatureForm['id'];

export const signedFieldMax = 200;

export function signatureFormOf(id: string): SignatureForm | undefined {
  return signatureForms.find((f) => f.id === id);
}

export type SignedFormInput = { formId: string; values: Record<string, string>; signerName: string; signed: boolean };

/** A known form, every field filled (within the length limit), the signer's name and a signature. */
export function validateSignedForm(input: SignedFormInput): RuleResult {
  const form = signatureFormOf(input.formId);
  if (!form) return { field: 'formId', messageKey: 'requiredField' };
  for (const name of form.fields) {
    const value = input.values[name];
    if (isBlank(value)) return required(name, value);
    if ((value ?? '').trim().length > signedFieldMax) return { field: name, messageKey: 'textTooLong', params: { max: signedFieldMax } };
  }
  return firstFailure(personName(input.signerName, 'signerName'), input.signed ? null : { field: 'signature', messageKey: 'signatureRequired' });
}

/**
 * Who signs is the signed-in user. Those who keep every document of their buildings (staff, workers, the
 * committee) may also hand the screen to someone else and name them: the form then records both the
 * person named and the user who filed it. Tenants and the front desk sign only as themselves.
 */
export function maySignForOthers(role: Role): boolean {
  return documentScopes[role] === 'all';
}
