// Documents of a unit or a building (spec 1 "documents per unit", "regulations"): upload (a PDF or an
// image, within src/lib/uploadLimits.ts), the building's list as the user may see it, the file, and
// sending it by e-mail. Bylaws are a kind of document; the newest of a building is its current version.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { documentBodyLimit } from '../../../src/lib/uploadLimits.ts';
import { validateDocument } from '../../../src/lib/validation/documentRules.ts';
import type { AppContext } from '../context.ts';
import { apartments } from '../data/buildings.ts';
import { documents } from '../data/documents.ts';
import type { DocumentRecord } from '../data/documents.ts';
import { files } from '../data/files.ts';
import { checkUpload, documentUpload, linkFile, received, storeBytes } from '../files/uploads.ts';
import { documentRecipients, documentSendCommand } from '../messaging/documentMail.ts';
import { loadBuilding } from '../http/access.ts';
import { audienceOf, loadDocument } from '../http/documentAccess.ts';
import { ApiError, enforce, fail } from '../http/errors.ts';
import { authOf } from '../http/hooks.ts';
import { runMutation } from '../http/mutation.ts';
import { recordId } from '../http/schemas.ts';
import { FILE_CSP } from '../http/security.ts';
import { parse } from '../http/validate.ts';
import { newUuid } from '../util/crypto.ts';
import { safeFileName } from '../files/fileNames.ts';
import { buildingParams, idParams, paramsOf } from '../http/params.ts';
import {} from '../http/command.ts';

const documentCreate = z.object({
  id: recordId,
  buildingId: z.coerce.number().int(),
  apartmentId: z.string().trim().max(100).nullable().optional(),
  kind: z.string().trim().max(40),
  title: z.string().nullable().optional(),
  isPublic: z.boolean().default(false),
  fileName: z.string().trim().max(200).nullable().optional(),
  mimeType: z.string().trim().max(100),
  base64: z.string().min(1),
});

/** The list as the client reads it: bylaws carry whether they are the building's current version. */
export function withCurrent(records: DocumentRecord[]): (DocumentRecord & { isCurrent: boolean })[] {
  const current = records.filter((d) => d.kind === 'bylaws').sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))[0];
  return records.map((d) => ({ ...d, isCurrent: d.id === current?.id }));
}

export function documentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/binyan/documents', { config: { right: 'documents.upload' }, bodyLimit: documentBodyLimit }, async (req, reply) => {
    const body = parse(documentCreate, req.body ?? {});
    const { companyId, user } = authOf(req);
    const sent = received(body.base64);
    const big = documentUpload.tooLarge(sent.length);
    if (big) throw big;
    enforce(validateDocument({ title: body.title, kind: body.kind, mimeType: body.mimeType, size: sent.length }));
    await loadBuilding(db, req, body.buildingId);
    const stored = await storeBytes(ctx.files, companyId, await checkUpload(sent, documentUpload));
    const freshFileId = newUuid();
    return runMutation(ctx, req, reply, async (tx) => {
      await loadBuilding(tx, req, body.buildingId);
      if (body.apartmentId) {
        const unit = await apartments.find(tx, body.apartmentId);
        if (!unit || unit.companyId !== companyId || unit.entity.buildingId !== body.buildingId)
          throw fail.validation({ field: 'apartmentId', messageKey: 'notFound' });
      }
      if (await documents.exists(tx, body.id)) throw fail.exists({ id: body.id });
      const now = ctx.nowIso();
      const kept = await linkFile(tx, stored, {
        id: freshFileId,
        parentType: 'documents',
        parentId: body.id,
        srcFileName: body.fileName ?? null,
        by: user,
        at: now,
      });
      const fileId = kept.view.id;
      const record: DocumentRecord = {
        id: body.id,
        buildingId: body.buildingId,
        apartmentId: body.apartmentId || null,
        kind: body.kind,
        title: (body.title ?? '').trim(),
        // The bylaws bind every tenant of the building, so every tenant reads them.
        isPublic: body.kind === 'bylaws' ? true : body.isPublic,
        fileId,
        mimeType: stored.mimeType,
        size: stored.data.length,
        fileName: body.fileName || null,
        createdBy: user.fullName || user.userName,
        createdAt: now,
        signerName: null,
      };
      await documents.insert(tx, record, companyId);
      return { status: 201, record };
    });
  });

  app.get('/api/binyan/buildings/:bid/documents', { config: { right: 'documents.read' } }, async (req) => {
    const building = await loadBuilding(db, req, paramsOf(buildingParams, req).bid);
    const list = await documents.ofBuilding(db, authOf(req).companyId, building.id, await audienceOf(db, req));
    return { records: withCurrent(list) };
  });

  app.get('/api/binyan/documents/:id/file', { config: { right: 'documents.read' } }, async (req, reply) => {
    const doc = await loadDocument(db, req, paramsOf(idParams, req).id);
    const file = await files.byId(db, doc.fileId);
    const data = file ? await ctx.files.get(file.companyId, file.sha256) : null;
    if (!file || !data) throw new ApiError(404, 'NOT_FOUND', 'fileNotFound');
    return reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', `attachment; filename="${safeFileName(doc.fileName ?? doc.title, doc.id, file.mimeType)}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', FILE_CSP)
      .header('Cache-Control', 'private, max-age=86400')
      .header('Vary', 'Cookie, Authorization')
      .header('ETag', `"${file.sha256}"`)
      .send(data);
  });

  // The addresses the send dialog offers (src/lib/domain/documentRecipients.ts).
  app.get('/api/binyan/documents/recipients', { config: { right: 'documents.send' } }, async (req) => documentRecipients(db, req));
}

export const documentsCommands = [documentSendCommand];
