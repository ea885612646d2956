// Rules of documents (spec 5: "e-mail address required to send a file", the file types and size
// limits of src/lib/uploadLimits.ts), shared by the forms and the server.
import { documentTooLarge, isDocumentMimeType } from '../uploadLimits.ts';
import type { RuleResult } from './rules.ts';
import { firstFailure, isBlank, isValidEmail, limits, required } from './rules.ts';

export const documentKinds = ['contract', 'protocol', 'insurance', 'bylaws', 'signedForm', 'other'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** Kinds a person uploads; signed forms are made by the server from a signature. */
export const uploadableKinds = documentKinds.filter((k) => k !== 'signedForm');

export const documentTitleMax = 120;

export type DocumentInput = { title: string | null | undefined; kind: string | null | undefined; mimeType: string; size: number };

export function documentTitle(value: string | null | undefined, field = 'title'): RuleResult {
  if (isBlank(value)) return { field, messageKey: 'requiredField' };
  const length = (value ?? '').trim().length;
  if (length < limits.nameMin) return { field, messageKey: 'nameTooShort' };
  return length > documentTitleMax ? { field, messageKey: 'textTooLong', params: { max: documentTitleMax } } : null;
}

/** A document upload: a title, a kind a person may upload, a PDF or an image within the size limit. */
export function validateDocument(input: DocumentInput): RuleResult {
  return firstFailure(
    documentTitle(input.title),
    required('kind', input.kind),
    input.kind && !(uploadableKinds as readonly string[]).includes(input.kind) ? { field: 'kind', messageKey: 'missingDetailsToContinue' } : null,
    isDocumentMimeType(input.mimeType) ? null : { field: 'file', messageKey: 'onlyPdfOrImageAllowed' },
    ((r) => (r ? { field: 'file', messageKey: r.messageKey, params: r.params } : null))(documentTooLarge(input.size)),
  );
}

/** Sending a document by e-mail needs an address (spec 5), and a valid one. */
export function validateSendTo(to: string | null | undefined, field = 'to'): RuleResult {
  if (isBlank(to)) return { field, messageKey: 'emailRequiredToSendFile' };
  return isValidEmail((to ?? '').trim()) ? null : { field, messageKey: 'invalidEmail' };
}
