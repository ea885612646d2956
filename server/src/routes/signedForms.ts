// Signature forms (spec 1): a form filled and signed on the device arrives (through the outbox, once) as
// its template id, the values filled in and the drawn signature. The server makes the signed PDF from its
// own template of the form (files/signedFormTemplates.ts), the signer of the session (a staff user may name
// someone who signed on their screen: both are recorded) and its own clock, and keeps it with the unit's
// documents. What older devices also send (a title, a time, the form's text, a picture of the page) is not
// trusted: the title, text and time are the server's, and a page picture alone is no signature.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { maySignForOthers, signatureFormOf, validateSignedForm } from '../../../src/lib/forms/signatureForms.ts';
import type { SignatureForm } from '../../../src/lib/forms/signatureForms.ts';
import { formatDisplayDate, israelWallClock, wallClockTime } from '../../../src/lib/dates.ts';
import { signedFormBodyLimit } from '../../../src/lib/uploadLimits.ts';
import type { Db } from '../db/database.ts';
import { apartments } from '../data/buildings.ts';
import { documents } from '../data/documents.ts';
import type { DocumentRecord } from '../data/documents.ts';
import { checkImage, linkFile, received, signatureUpload, storeBytes } from '../files/uploads.ts';
import { fill, formLanguageOf, formLanguageOfId, signedFormTemplates } from '../files/signedFormTemplates.ts';
import { signedFormTextPdf } from '../files/signedPdf.ts';
import type { FormText } from '../files/signedPdf.ts';
import { loadBuilding } from '../http/access.ts';
import { audienceOf } from '../http/documentAccess.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { actorOf, visibleBuildingIds } from '../http/rights.ts';
import { recordId } from '../http/schemas.ts';
import { newUuid } from '../util/crypto.ts';
import { preparedCommand } from '../http/command.ts';
import { noParams } from '../http/params.ts';

const signedBody = z.object({
  id: recordId,
  buildingId: z.coerce.number().int(),
  apartmentId: z.string().trim().max(100).nullable().optional(),
  formId: z.string().max(60),
  values: z.record(z.string().max(60), z.string().max(1000)).default({}),
  /** Who signed, as named on the screen: read only from users who may sign for others (maySignForOthers). */
  signerName: z.string().max(200).default(''),
  /** The language the signer read the form in (the PDF's); the user's own language when absent. */
  language: z.string().max(10).optional(),
  /** The drawn signature (PNG or JPEG, base64). */
  signature: z.string().min(1).optional(),
});

const formNotForYou = () => new ApiError(403, 'FORM_NOT_FOR_YOUR_BUILDING', 'formNotForYourBuilding');

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** The unit the form is signed for: a tenant's own (or none named: his), any unit of the building for staff. */
async function unitOf(db: Db, req: FastifyRequest, buildingId: number, named: string | null | undefined): Promise<string | null> {
  const visible = await visibleBuildingIds(db, req);
  if (visible !== null && !visible.has(buildingId)) throw formNotForYou();
  await loadBuilding(db, req, buildingId);
  const audience = await audienceOf(db, req);
  if (audience.all) return named || null;
  if (named && !audience.apartmentIds.includes(named)) throw formNotForYou();
  return named || (audience.apartmentIds[0] ?? null);
}

/** The form's words in the signer's language, the values filled in, and who signed when. */
function formText(
  form: SignatureForm,
  language: keyof typeof signedFormTemplates,
  values: Record<string, string>,
  unitNumber: string | null,
  closing: { signer: string; filedBy: string | null; at: Date },
): FormText {
  const words = signedFormTemplates[language];
  const wall = israelWallClock(closing.at);
  return {
    title: words.forms[form.id].title,
    text: words.forms[form.id].text,
    fields: [
      ...(unitNumber === null ? [] : [{ label: words.unit, value: fill(words.unitValue, { number: unitNumber }) }]),
      ...form.fields.map((name) => ({ label: words.fields[name], value: (values[name] ?? '').trim() })),
    ],
    closingLines: [
      fill(words.signerLine, { name: closing.signer }),
      ...(closing.filedBy === null ? [] : [fill(words.recordedByLine, { name: closing.filedBy })]),
      fill(words.signedLine, { at: `${formatDisplayDate(wall.slice(0, 10))} ${wallClockTime(wall)}` }),
    ],
    dir: words.dir,
  };
}

export const signedFormsCommands = [
  preparedCommand({
    method: 'POST',
    url: '/api/binyan/signed-forms',
    right: 'documents.sign',
    terms: true,
    bodyLimit: signedFormBodyLimit,
    params: noParams,
    body: signedBody,
    bodyOptional: true,
    prepare: async ({ ctx, req, body }) => {
      const { companyId, user } = authOf(req);
      const form = signatureFormOf(body.formId);
      if (!form) throw fail.validation({ field: 'formId', messageKey: 'requiredField' });
      // The signer is the session's user; a staff user may name the person who signed on their screen.
      const self = user.fullName.trim() || user.userName;
      const named = body.signerName.trim();
      const signer = maySignForOthers(actorOf(user).role) && named !== '' ? named : self;
      const filedBy = sameName(signer, self) ? null : `${self} (${user.userName})`;
      const values = Object.fromEntries(form.fields.map((name) => [name, (body.values[name] ?? '').trim()]));
      enforce(validateSignedForm({ formId: form.id, values, signerName: signer, signed: body.signature !== undefined }));
      if (!body.signature) throw fail.validation({ field: 'signature', messageKey: 'signatureRequired' });
      const bytes = received(body.signature);
      const big = signatureUpload.tooLarge(bytes.length);
      if (big) throw big;
      const apartmentId = await unitOf(ctx.db, req, body.buildingId, body.apartmentId);
      const unit = apartmentId ? await apartments.find(ctx.db, apartmentId) : undefined;
      if (apartmentId && (!unit || unit.companyId !== companyId || unit.entity.buildingId !== body.buildingId))
        throw fail.validation({ field: 'apartmentId', messageKey: 'notFound' });
      const picture = await checkImage(bytes, signatureUpload);
      const language = formLanguageOf(body.language) ?? formLanguageOfId(user.languageId);
      const signedAt = ctx.now();
      const text = formText(form, language, values, unit ? unit.entity.number : null, { signer, filedBy, at: signedAt });
      const pdf = await signedFormTextPdf(text, { ...picture, format: 'jpeg' }, { title: text.title, signer, signedAt });
      const stored = await storeBytes(ctx.files, companyId, { data: pdf, mimeType: 'application/pdf' });
      const freshFileId = newUuid();
      return { companyId, user, form, self, signer, apartmentId, signedAt, text, pdf, stored, freshFileId };
    },
    change: async (tx, { req, body }, { companyId, user, form, self, signer, apartmentId, signedAt, text, pdf, stored, freshFileId }) => {
      await unitOf(tx, req, body.buildingId, apartmentId);
      if (await documents.exists(tx, body.id)) throw fail.exists({ id: body.id });
      const now = signedAt.toISOString();
      const kept = await linkFile(tx, stored, {
        id: freshFileId,
        parentType: 'documents',
        parentId: body.id,
        srcFileName: `${form.id}.pdf`,
        by: user,
        at: now,
      });
      const record: DocumentRecord = {
        id: body.id,
        buildingId: body.buildingId,
        apartmentId,
        kind: 'signedForm',
        title: text.title,
        isPublic: false,
        fileId: kept.view.id,
        mimeType: 'application/pdf',
        size: pdf.length,
        fileName: `${form.id}.pdf`,
        createdBy: self,
        createdAt: now,
        signerName: signer,
      };
      await documents.insert(tx, record, companyId);
      // No record: the device keeps its own copy (a local row of `meta`); the document comes with the list.
      return { status: 201, record: null, extra: { document: record } };
    },
  }),
];
