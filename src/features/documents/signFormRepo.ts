// A form signed on the device: its text as the signer read it and the drawn signature go through the
// outbox (so signing works offline), and the server makes the signed PDF (text and signature) once. The device keeps a small local row (meta `signedForm:<id>`)
// with the form's sync state; the PDF then comes with the building's documents.
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { SyncState } from '../../db/schema';
import { validateSignedForm } from '../../lib/forms/signatureForms';
import { signedFormLimits, formatFileSize } from '../../lib/uploadLimits';
import { RuleError, refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/actor';
import { createRecord } from '../../sync/writePath';

export const SIGNED_PREFIX = 'signedForm:';

export type SignedFormDraft = {
  formId: string;
  title: string;
  buildingId: number;
  apartmentId: string | null;
  values: Record<string, string>;
  signerName: string;
  signed: boolean;
};
export type SignedFormLocal = { id: string; title: string; signerName: string; signedAt: string };
export type SignedFormRow = { key: string; value: SignedFormLocal; syncState: SyncState };

function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the page'));
    reader.readAsDataURL(blob);
  });
}

/** The form as the signer read it, in their language (the server lays it out as the PDF's text). */
export type SignedFormText = {
  text: string;
  fields: { label: string; value: string }[];
  signerLine: string;
  signedLine: string;
  dir: 'rtl' | 'ltr';
};

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no signature image'))), 'image/png'));
}

/** Checks the form with the server's rule; `compose` then gives its text and the signature, stored with the outbox entry. */
export async function signForm(draft: SignedFormDraft, compose: (signedAt: Date) => { form: SignedFormText; signature: HTMLCanvasElement }): Promise<string> {
  refuse(validateSignedForm(draft));
  const signedAt = new Date();
  const { form, signature } = compose(signedAt);
  const page = await pngOf(signature);
  if (page.size > signedFormLimits.maxPageBytes) throw new RuleError({ field: 'signature', messageKey: 'fileTooLarge', params: { size: formatFileSize(signedFormLimits.maxPageBytes) } });
  const base64 = await base64Of(page);
  const actor = await currentActor();
  const id = newId();
  const key = `${SIGNED_PREFIX}${id}`;
  const value: SignedFormLocal = { id, title: draft.title, signerName: draft.signerName.trim(), signedAt: signedAt.toISOString() };
  await createRecord({
    table: 'meta',
    id: key,
    row: { key, value },
    path: 'signed-forms',
    payload: {
      id,
      buildingId: draft.buildingId,
      apartmentId: draft.apartmentId,
      formId: draft.formId,
      title: draft.title,
      values: draft.values,
      signerName: value.signerName,
      signedAt: value.signedAt,
      form,
      signature: base64,
    },
    userKey: actor.userKey,
  });
  return id;
}

export async function signedForm(id: string): Promise<SignedFormRow | null> {
  return ((await db.meta.get(`${SIGNED_PREFIX}${id}`)) as SignedFormRow | undefined) ?? null;
}
