// Signature forms (spec 1): a form filled and signed on the device arrives (through the outbox, once)
// with its text as the signer read it and the drawn signature (or, from devices of before issue 17's
// text PDF, as the picture of its page); the server makes the signed PDF and keeps it with the unit's
// documents.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signatureFormOf, validateSignedForm } from '../../../src/lib/forms/signatureForms.ts';
import { signedFormBodyLimit, signedFormLimits, formatFileSize } from '../../../src/lib/uploadLimits.ts';
import type { AppContext } from '../context.ts';
import { apartments } from '../data/buildings.ts';
import { documents } from '../data/documents.ts';
import type { DocumentRecord } from '../data/documents.ts';
import { files } from '../data/files.ts';
import { reencodeImage } from '../files/images.ts';
import { signedFormPdf, signedFormTextPdf } from '../files/signedPdf.ts';
import { loadBuilding } from '../http/access.ts';
import { audienceOf } from '../http/documentAccess.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { isoTime, recordId } from '../http/schemas.ts';
import { parse } from '../http/validate.ts';
import { newUuid, sha256Hex } from '../util/crypto.ts';
import { decodeBase64 } from './files.ts';

const signedBody = z.object({
  id: recordId,
  buildingId: z.coerce.number().int(),
  apartmentId: z.string().trim().max(100).nullable().optional(),
  formId: z.string().max(60),
  title: z.string().trim().min(1).max(200),
  values: z.record(z.string().max(60), z.string().max(1000)).default({}),
  signerName: z.string().max(200).default(''),
  signedAt: isoTime,
  /** The form as text: what the signer read, in their language. */
  form: z
    .object({
      text: z.string().max(5000),
      fields: z.array(z.object({ label: z.string().max(200), value: z.string().max(1000) })).max(30),
      signerLine: z.string().max(300),
      signedLine: z.string().max(300),
      dir: z.enum(['rtl', 'ltr']),
    })
    .optional(),
  /** The drawn signature (PNG or JPEG, base64), with `form`. */
  signature: z.string().min(1).optional(),
  /** The picture of the whole page (older devices), instead of `form` and `signature`. */
  page: z.string().min(1).optional(),
});

export function signedFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/binyan/signed-forms', { config: { right: 'documents.sign', terms: true }, bodyLimit: signedFormBodyLimit }, async (req, reply) => {
    const body = parse(signedBody, req.body ?? {});
    enforce(validateSignedForm({ formId: body.formId, values: body.values, signerName: body.signerName, signed: true }));
    const form = signatureFormOf(body.formId);
    if (!form) throw fail.validation({ field: 'formId', messageKey: 'requiredField' });
    const image = body.form && body.signature ? body.signature : body.page;
    if (!image) throw fail.validation({ field: 'signature', messageKey: 'signatureRequired' });
    const bytes = decodeBase64(image);
    if (bytes.length > signedFormLimits.maxPageBytes) throw new ApiError(413, 'FILE_TOO_LARGE', 'fileTooLarge', { field: 'page', params: { size: formatFileSize(signedFormLimits.maxPageBytes) } });
    await loadBuilding(db, req, body.buildingId);
    const audience = await audienceOf(db, req);
    // A tenant signs for his own unit (or for the building); staff and workers for any unit of theirs.
    if (body.apartmentId && !audience.all && !audience.apartmentIds.includes(body.apartmentId)) throw fail.forbidden();
    // A tenant's form belongs to his unit even when the device did not name it.
    const apartmentId = body.apartmentId || (audience.all ? null : (audience.apartmentIds[0] ?? null));
    const picture = await reencodeImage(bytes, ['jpeg', 'png']);
    if (!picture) throw new ApiError(422, 'VALIDATION', 'onlyImageAllowed', { field: body.form ? 'signature' : 'page' });
    const { companyId, user } = authOf(req);
    const meta = { title: body.title, signer: body.signerName.trim(), signedAt: new Date(body.signedAt) };
    const pdf = body.form && body.signature ? await signedFormTextPdf({ ...body.form, title: body.title }, { ...picture, format: 'jpeg' }, meta) : await signedFormPdf(picture, meta);
    const sha256 = sha256Hex(pdf);
    await ctx.files.put(companyId, sha256, pdf);
    const freshFileId = newUuid();
    return runMutation(ctx, req, reply, async (tx) => {
      await loadBuilding(tx, req, body.buildingId);
      if (apartmentId) {
        const unit = await apartments.find(tx, apartmentId);
        if (!unit || unit.companyId !== companyId || unit.entity.buildingId !== body.buildingId) throw fail.validation({ field: 'apartmentId', messageKey: 'notFound' });
      }
      if (await documents.exists(tx, body.id)) throw fail.exists({ id: body.id });
      const now = ctx.nowIso();
      const existing = await files.bySha(tx, companyId, sha256);
      const fileId = existing?.id ?? freshFileId;
      if (!existing) {
        await files.insert(tx, { id: fileId, companyId, sha256, mimeType: 'application/pdf', size: pdf.length, parentType: 'documents', parentId: body.id, srcFileName: `${form.id}.pdf`, createdBy: user.userName, createdAt: now });
      }
      const record: DocumentRecord = {
        id: body.id,
        buildingId: body.buildingId,
        apartmentId,
        kind: 'signedForm',
        title: body.title,
        isPublic: false,
        fileId,
        mimeType: 'application/pdf',
        size: pdf.length,
        fileName: `${form.id}.pdf`,
        createdBy: body.signerName.trim(),
        createdAt: now,
      };
      await documents.insert(tx, record, companyId);
      // No record: the device keeps its own copy (a local row of `meta`); the document comes with the list.
      return { status: 201, record: null, extra: { document: record } };
    });
  });
}
