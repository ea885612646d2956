// A form signed on the device: which form, the values filled in, the language it was read in and the
// drawn signature go through the outbox (so signing works offline); the server makes the signed PDF once,
// from its own copy of the form, with the signer of the session and its own time. The device keeps a small
// local row (meta `signedForm:<id>`) with the form's sync state; the PDF then comes with the building's documents.
import { db } from '../../db/db';
import { newId } from '../../db/mutate';
import type { SyncState } from '../../db/schema';
import { validateSignedForm } from '../../lib/forms/signatureForms';
import { signedFormLimits, formatFileSize } from '../../lib/uploadLimits';
import { RuleError, refuse } from '../../lib/validation/rules';
import { currentActor } from '../../sync/write/actor';
import { createRecord } from '../../sync/write/writePath';
import type { MetaOutboxKey } from '../../sync/write/outboxSubjects';

export const SIGNED_PREFIX = 'signedForm:';

export type SignedFormDraft = {
  formId: string;
  title: string;
  buildingId: number;
  apartmentId: string | null;
  values: Record<string, string>;
  /** The signer as named on the screen (the user's own name, unless they may sign for others). */
  signerName: string;
  signed: boolean;
  /** The language the form was read in: the PDF's. */
  language: string;
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

function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no signature image'))), 'image/png'));
}

/** Checks the form with the server's rule, then queues it with the drawn signature. */
export async function signForm(draft: SignedFormDraft, signature: () => HTMLCanvasElement): Promise<string> {
  refuse(validateSignedForm(draft));
  const signedAt = new Date();
  const page = await pngOf(signature());
  if (page.size > signedFormLimits.maxPageBytes)
    throw new RuleError({ field: 'signature', messageKey: 'fileTooLarge', params: { size: formatFileSize(signedFormLimits.maxPageBytes) } });
  const base64 = await base64Of(page);
  const actor = await currentActor();
  const id = newId();
  const key: MetaOutboxKey = `${SIGNED_PREFIX}${id}`;
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
      values: draft.values,
      signerName: value.signerName,
      language: draft.language,
      signature: base64,
    },
    userKey: actor.userKey,
  });
  return id;
}

export async function signedForm(id: string): Promise<SignedFormRow | null> {
  return ((await db.meta.get(`${SIGNED_PREFIX}${id}`)) as SignedFormRow | undefined) ?? null;
}
